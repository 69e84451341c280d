import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scan jobs kept in the database when there is no Redis (embedded PGlite, or PostgreSQL alone), so
 * a job survives a restart: its status stays readable and a job cut off mid-run is resumed. Also
 * marks each stored page once a finished scan has read it, so pages whose scan never finished can
 * be told apart from pages that simply held no new poem.
 */
export class ScanJobs1763920000000 implements MigrationInterface {
  name = 'ScanJobs1763920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE scan_jobs (
        id text PRIMARY KEY,
        name text NOT NULL,
        payload jsonb NOT NULL,
        state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'active', 'completed', 'failed')),
        progress jsonb NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        stalls integer NOT NULL DEFAULT 0,
        run_at timestamptz NOT NULL DEFAULT now(),
        locked_by text NULL,
        locked_until timestamptz NULL,
        result jsonb NULL,
        error jsonb NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz NULL
      )`);
    await q.query(`CREATE INDEX scan_jobs_pending_idx ON scan_jobs (run_at) WHERE state IN ('queued', 'active')`);
    await q.query(`CREATE INDEX scan_jobs_finished_idx ON scan_jobs (finished_at) WHERE finished_at IS NOT NULL`);
    await q.query(`ALTER TABLE scan_pages ADD COLUMN scanned_at timestamptz NULL`);
    // Pages that gave a poem were read by a scan that finished.
    await q.query(
      `UPDATE scan_pages s SET scanned_at = s.created_at WHERE EXISTS (SELECT 1 FROM poem_pages pp WHERE pp.scan_page_id = s.id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE scan_pages DROP COLUMN IF EXISTS scanned_at`);
    await q.query(`DROP TABLE IF EXISTS scan_jobs`);
  }
}
