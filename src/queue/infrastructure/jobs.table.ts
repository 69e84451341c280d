import type { DataSource } from 'typeorm';
import type { JobState } from '../application/ports/job-queue.port.js';
import type { JobFailure } from '../domain/queue.errors.js';

export interface JobRow {
  id: string;
  name: string;
  payload: unknown;
  state: JobState;
  progress: object;
  /** Runs started, takeovers included. */
  attempts: number;
  /** Runs cut off by the process that ran them stopping or dying. */
  stalls: number;
  result: unknown;
  error: JobFailure | null;
}

/** A job just claimed, and whether it was taken over from a process that died running it. */
export interface ClaimedJob extends JobRow {
  takenOver: boolean;
}

const COLUMNS = 'id, name, payload, state, progress, attempts, stalls, result, error';
const lease = (ms: number) => `now() + make_interval(secs => ${Math.max(1, Math.round(ms)) / 1000})`;

/**
 * The jobs of the database-backed queue (no Redis), one row each in the queue's table. Every write
 * by the runner is guarded by its lease (`locked_by`), so a run that lost its job to a takeover
 * changes nothing. Statements begin with their verb: the driver reads results by it.
 */
export class JobsTable {
  constructor(
    private readonly db: DataSource,
    /** Put into the statements as it is: a name from the queue's definition, never from a request. */
    private readonly table: string,
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Not a table name: ${table}`);
  }

  /**
   * Adds a job; a job of that id still queued or running is left as it is (joined), a finished one
   * is queued afresh. Answers whether a run was queued.
   */
  async enqueue(id: string, name: string, payload: unknown, progress: object): Promise<boolean> {
    const [rows]: [unknown[], number] = await this.db
      .query(
        `INSERT INTO ${this.table} (id, name, payload, progress) VALUES ($1, $2, $3::jsonb, $4::jsonb)
       ON CONFLICT (id) DO UPDATE SET
         name = EXCLUDED.name, payload = EXCLUDED.payload, progress = EXCLUDED.progress, state = 'queued',
         attempts = 0, stalls = 0, run_at = now(), locked_by = NULL, locked_until = NULL,
         result = NULL, error = NULL, created_at = now(), finished_at = NULL
       WHERE ${this.table}.state IN ('completed', 'failed')
       RETURNING id`,
        [id, name, JSON.stringify(payload), JSON.stringify(progress)],
      )
      .then(asRowsAndCount);
    return rows.length > 0;
  }

  async find(id: string): Promise<JobRow | null> {
    const [row] = await this.db.query(`SELECT ${COLUMNS} FROM ${this.table} WHERE id = $1`, [id]);
    return row ? toRow(row) : null;
  }

  /**
   * Takes the next job due, or an active one whose lease has lapsed (its process died), for
   * `owner`. SKIP LOCKED lets several processes on one PostgreSQL claim side by side; on PGlite,
   * a single session, it is simply the row lock of one statement.
   */
  async claim(owner: string, leaseMs: number): Promise<ClaimedJob | null> {
    const [rows] = await this.db
      .query(
        `UPDATE ${this.table} j
          SET state = 'active', attempts = j.attempts + 1,
              stalls = j.stalls + CASE WHEN j.state = 'active' THEN 1 ELSE 0 END,
              locked_by = $1, locked_until = ${lease(leaseMs)}
         FROM (SELECT id, state AS was FROM ${this.table}
                WHERE (state = 'queued' AND run_at <= now()) OR (state = 'active' AND locked_until < now())
                ORDER BY run_at, created_at
                LIMIT 1
                FOR UPDATE SKIP LOCKED) next
        WHERE j.id = next.id
        RETURNING ${COLUMNS.split(', ')
          .map((c) => `j.${c}`)
          .join(', ')}, next.was`,
        [owner],
      )
      .then(asRowsAndCount);
    const row = rows[0] as (Record<string, unknown> & { was: string }) | undefined;
    return row ? { ...toRow(row), takenOver: row.was === 'active' } : null;
  }

  /** Keeps the lease; false when the job is no longer this owner's. */
  async renew(id: string, owner: string, leaseMs: number): Promise<boolean> {
    const [, count] = await this.db
      .query(`UPDATE ${this.table} SET locked_until = ${lease(leaseMs)} WHERE id = $1 AND locked_by = $2 AND state = 'active'`, [id, owner])
      .then(asRowsAndCount);
    return count > 0;
  }

  async progress(id: string, owner: string, progress: object): Promise<void> {
    await this.db.query(`UPDATE ${this.table} SET progress = $3::jsonb WHERE id = $1 AND locked_by = $2 AND state = 'active'`, [
      id,
      owner,
      JSON.stringify(progress),
    ]);
  }

  /** False when the job was no longer this owner's (taken over), so nothing was recorded. */
  async complete(id: string, owner: string, result: unknown): Promise<boolean> {
    const [, count] = await this.db
      .query(
        `UPDATE ${this.table} SET state = 'completed', result = $3::jsonb, error = NULL, finished_at = now(), locked_by = NULL, locked_until = NULL
          WHERE id = $1 AND locked_by = $2`,
        [id, owner, JSON.stringify(result)],
      )
      .then(asRowsAndCount);
    return count > 0;
  }

  async fail(id: string, owner: string | null, error: JobFailure): Promise<void> {
    await this.db.query(
      `UPDATE ${this.table} SET state = 'failed', error = $3::jsonb, finished_at = now(), locked_by = NULL, locked_until = NULL
        WHERE id = $1 AND (locked_by = $2 OR $2::text IS NULL)`,
      [id, owner, JSON.stringify(error)],
    );
  }

  /** Queues the job again after `delayMs`: a retry with backoff. */
  async requeue(id: string, owner: string, delayMs: number, error: JobFailure | null): Promise<void> {
    await this.db.query(
      `UPDATE ${this.table} SET state = 'queued', run_at = ${lease(delayMs)}, error = $3::jsonb, locked_by = NULL, locked_until = NULL
        WHERE id = $1 AND locked_by = $2 AND state = 'active'`,
      [id, owner, error ? JSON.stringify(error) : null],
    );
  }

  /** A run cut off by its process stopping cleanly: queued again at once, and counted as cut off. */
  async handBack(id: string, owner: string): Promise<void> {
    await this.db.query(
      `UPDATE ${this.table} SET state = 'queued', stalls = stalls + 1, run_at = now(), locked_by = NULL, locked_until = NULL
        WHERE id = $1 AND locked_by = $2 AND state = 'active'`,
      [id, owner],
    );
  }

  /**
   * Ends every lease at once: the embedded database is opened by one process only (its lock
   * file), so a job still active at start-up was cut off by the death of the previous one.
   */
  async expireAllLeases(): Promise<void> {
    await this.db.query(`UPDATE ${this.table} SET locked_until = now() - interval '1 second' WHERE state = 'active'`);
  }

  /** Finished jobs are kept for status look-ups as long as BullMQ keeps them: a day, a week if failed. */
  async purgeFinished(): Promise<void> {
    await this.db.query(
      `DELETE FROM ${this.table}
        WHERE (state = 'completed' AND finished_at < now() - interval '1 day')
           OR (state = 'failed' AND finished_at < now() - interval '7 days')`,
    );
  }
}

/** UPDATE/DELETE/INSERT … RETURNING answer [rows, count] through TypeORM's postgres driver. */
function asRowsAndCount(raw: unknown): [Array<Record<string, unknown>>, number] {
  if (Array.isArray(raw) && raw.length === 2 && Array.isArray(raw[0]) && typeof raw[1] === 'number')
    return raw as [Array<Record<string, unknown>>, number];
  const rows = Array.isArray(raw) ? (raw as Array<Record<string, unknown>>) : [];
  return [rows, rows.length];
}

function toRow(row: Record<string, unknown>): JobRow {
  return {
    id: String(row.id),
    name: String(row.name),
    payload: row.payload,
    state: row.state as JobState,
    progress: row.progress as object,
    attempts: Number(row.attempts),
    stalls: Number(row.stalls),
    result: row.result ?? null,
    error: (row.error as JobFailure | null) ?? null,
  };
}
