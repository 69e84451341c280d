import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

const WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per username from one address, and per address over all usernames. */
const LIMITS = { pair: 5, address: 20 };

/**
 * Slows password guessing: after too many failed logins in a 15-minute window, further attempts
 * for that username from that address (or from that address at all) get 429 until the window ends.
 * Counters live in the database so every replica sees the same count.
 */
@Injectable()
export class LoginThrottle {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private keys(username: string, address: string): Array<[string, number]> {
    return [
      [`user:${username.toLowerCase()}|ip:${address}`, LIMITS.pair],
      [`ip:${address}`, LIMITS.address],
    ];
  }

  async assertAllowed(username: string, address: string): Promise<void> {
    const entries = this.keys(username, address);
    const rows: Array<{ key: string; failures: number; window_start: Date | string }> = await this.db.query(
      `SELECT key, failures, window_start FROM login_attempts WHERE key = ANY($1::text[])`,
      [entries.map(([k]) => k)],
    );
    for (const row of rows) {
      const limit = entries.find(([k]) => k === row.key)![1];
      const endsAt = new Date(row.window_start).getTime() + WINDOW_MS;
      if (row.failures >= limit && endsAt > Date.now()) {
        const minutes = Math.max(1, Math.ceil((endsAt - Date.now()) / 60_000));
        throw new HttpException(
          {
            message: `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
            success: false,
            user: null,
          },
          HttpStatus.TOO_MANY_REQUESTS,
        );
      }
    }
  }

  async recordFailure(username: string, address: string): Promise<void> {
    for (const [key] of this.keys(username, address)) {
      await this.db.query(
        `INSERT INTO login_attempts (key, failures, window_start) VALUES ($1, 1, now())
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN login_attempts.window_start < now() - ($2 || ' milliseconds')::interval THEN 1 ELSE login_attempts.failures + 1 END,
           window_start = CASE WHEN login_attempts.window_start < now() - ($2 || ' milliseconds')::interval THEN now() ELSE login_attempts.window_start END`,
        [key, String(WINDOW_MS)],
      );
    }
  }

  async reset(username: string, address: string): Promise<void> {
    await this.db.query(`DELETE FROM login_attempts WHERE key = $1`, [this.keys(username, address)[0][0]]);
  }
}
