import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

const WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per username from one address, and per address over all usernames. */
const LIMITS = { pair: 5, address: 20 };

/** 429 with the minutes left in the message and the seconds in Retry-After (read by the exception filter). */
export class TooManyLoginAttempts extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      {
        message: `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        success: false,
        user: null,
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/** The counters one attempt holds: each key with the window it was counted in. */
export interface LoginAttempt {
  pairKey: string;
  addressKey: string;
  held: Array<{ key: string; stamp: string }>;
}

interface CountedRow {
  key: string;
  failures: number;
  stamp: string;
  retry_after: number;
}

/**
 * Slows password guessing: after too many failed logins in a 15-minute window, further attempts
 * for that username from that address (or from that address at all) get 429 until the window ends.
 *
 * An attempt is counted before its password is checked, in one atomic upsert, so a burst of
 * simultaneous requests cannot all read "no failures yet" and all be checked: only the first
 * `limit` of them get a count within the limit. A success gives its count back (and clears the
 * username's counter); a refused attempt gives its count back too, since it checked nothing.
 * Counters live in the database so every replica sees the same count.
 */
@Injectable()
export class LoginThrottle {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Counts the attempt, or throws 429 when it would go over a limit. */
  async begin(username: string, address: string): Promise<LoginAttempt> {
    const pairKey = `user:${username.toLowerCase()}|ip:${address}`;
    const addressKey = `ip:${address}`;
    const window = `${WINDOW_MS} milliseconds`;
    // The two rows are always locked in this order, so concurrent attempts cannot deadlock.
    const rows: CountedRow[] = await this.db.query(
      `INSERT INTO login_attempts AS a (key, failures, window_start) VALUES ($1, 1, now()), ($2, 1, now())
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN a.window_start <= now() - $3::interval THEN 1 ELSE a.failures + 1 END,
         window_start = CASE WHEN a.window_start <= now() - $3::interval THEN now() ELSE a.window_start END
       RETURNING key, failures, window_start::text AS stamp,
         ceil(extract(epoch FROM (window_start + $3::interval - now())))::int AS retry_after`,
      [pairKey, addressKey, window],
    );
    const attempt: LoginAttempt = { pairKey, addressKey, held: rows.map(({ key, stamp }) => ({ key, stamp })) };
    const over = rows.filter((row) => Number(row.failures) > (row.key === pairKey ? LIMITS.pair : LIMITS.address));
    if (over.length > 0) {
      await this.giveBack(attempt.held);
      throw new TooManyLoginAttempts(Math.max(1, ...over.map((row) => Number(row.retry_after))));
    }
    return attempt;
  }

  /** The password was right: the attempt was no failure, and the username starts afresh. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.db.query(`DELETE FROM login_attempts WHERE key = $1`, [attempt.pairKey]);
    await this.giveBack(attempt.held.filter(({ key }) => key === attempt.addressKey));
  }

  /**
   * Takes back counts, only in the window they were made in (a new window starts from its own
   * count). One statement per row: a statement locking both rows could take them in the other
   * order than the counting upsert does, and deadlock with it.
   */
  private async giveBack(held: LoginAttempt['held']): Promise<void> {
    for (const { key, stamp } of held) {
      await this.db.query(`UPDATE login_attempts SET failures = failures - 1 WHERE key = $1 AND window_start::text = $2 AND failures > 0`, [key, stamp]);
    }
  }
}
