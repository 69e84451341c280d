import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { LoginAttempts } from '../application/ports/login-attempts.port.js';
import type { CountedFailures, LoginAttempt } from '../domain/login-throttle.js';

interface CountedRow {
  key: string;
  failures: number;
  stamp: string;
  retry_after: number;
}

/** The failed-login counters in PostgreSQL (login_attempts), so every replica sees the same count. */
@Injectable()
export class SqlLoginAttempts implements LoginAttempts {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async count(keys: string[], windowMs: number): Promise<CountedFailures[]> {
    const window = `${windowMs} milliseconds`;
    // The rows are always locked in the order given (the account's last), so concurrent attempts cannot deadlock.
    const rows: CountedRow[] = await this.db.query(
      `INSERT INTO login_attempts AS a (key, failures, window_start) SELECT key, 1, now() FROM unnest($1::text[]) WITH ORDINALITY AS k(key, n) ORDER BY n
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN a.window_start <= now() - $2::interval THEN 1 ELSE a.failures + 1 END,
         window_start = CASE WHEN a.window_start <= now() - $2::interval THEN now() ELSE a.window_start END
       RETURNING key, failures, window_start::text AS stamp,
         ceil(extract(epoch FROM (window_start + $2::interval - now())))::int AS retry_after`,
      [keys, window],
    );
    return rows.map((row) => ({
      key: row.key,
      failures: Number(row.failures),
      stamp: row.stamp,
      retryAfterSeconds: Number(row.retry_after),
    }));
  }

  async clear(key: string): Promise<void> {
    await this.db.query(`DELETE FROM login_attempts WHERE key = $1`, [key]);
  }

  /**
   * One statement per row: a statement locking both rows could take them in the other order than
   * the counting upsert does, and deadlock with it.
   */
  async giveBack(held: LoginAttempt['held']): Promise<void> {
    for (const { key, stamp } of held) {
      await this.db.query(`UPDATE login_attempts SET failures = failures - 1 WHERE key = $1 AND window_start::text = $2 AND failures > 0`, [
        key,
        stamp,
      ]);
    }
  }
}
