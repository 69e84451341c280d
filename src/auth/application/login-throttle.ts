import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

const WINDOW_MS = 15 * 60 * 1000;
/**
 * Failures allowed per username from one address, per address over all usernames, and per
 * username from every browser the admin has not signed in on before (TrustedDevices), whatever
 * their addresses: guesses spread over many addresses share that one.
 */
const LIMITS = { pair: 5, address: 20, account: 10 };

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
 * for that username from that address (or from that address at all, or for that username from
 * any browser it has not signed in on) get 429 until the window ends.
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

  /**
   * Counts the attempt, or throws 429 when it would go over a limit. `trustedDevice`: the browser
   * has signed in to this username before, so the per-account limit is not its to meet.
   */
  async begin(username: string, address: string, trustedDevice = false): Promise<LoginAttempt> {
    const pairKey = `user:${username.toLowerCase()}|ip:${address}`;
    const addressKey = `ip:${address}`;
    const limits = new Map([
      [pairKey, LIMITS.pair],
      [addressKey, LIMITS.address],
    ]);
    if (!trustedDevice) limits.set(`account:${username.toLowerCase()}`, LIMITS.account);
    const keys = [...limits.keys()];
    const window = `${WINDOW_MS} milliseconds`;
    // The rows are always locked in this order (the account's last), so concurrent attempts cannot deadlock.
    const rows: CountedRow[] = await this.db.query(
      `INSERT INTO login_attempts AS a (key, failures, window_start) SELECT key, 1, now() FROM unnest($1::text[]) WITH ORDINALITY AS k(key, n) ORDER BY n
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN a.window_start <= now() - $2::interval THEN 1 ELSE a.failures + 1 END,
         window_start = CASE WHEN a.window_start <= now() - $2::interval THEN now() ELSE a.window_start END
       RETURNING key, failures, window_start::text AS stamp,
         ceil(extract(epoch FROM (window_start + $2::interval - now())))::int AS retry_after`,
      [keys, window],
    );
    const attempt: LoginAttempt = { pairKey, addressKey, held: rows.map(({ key, stamp }) => ({ key, stamp })) };
    const over = rows.filter((row) => Number(row.failures) > limits.get(row.key)!);
    if (over.length > 0) {
      await this.giveBack(attempt.held);
      throw new TooManyLoginAttempts(Math.max(1, ...over.map((row) => Number(row.retry_after))));
    }
    return attempt;
  }

  /**
   * The password was right: the attempt was no failure, and the username starts afresh from this
   * address. Guesses counted against the account from elsewhere stay counted.
   */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.db.query(`DELETE FROM login_attempts WHERE key = $1`, [attempt.pairKey]);
    await this.giveBack(attempt.held.filter(({ key }) => key !== attempt.pairKey));
  }

  /**
   * Takes back counts, only in the window they were made in (a new window starts from its own
   * count). One statement per row: a statement locking both rows could take them in the other
   * order than the counting upsert does, and deadlock with it.
   */
  private async giveBack(held: LoginAttempt['held']): Promise<void> {
    for (const { key, stamp } of held) {
      await this.db.query(`UPDATE login_attempts SET failures = failures - 1 WHERE key = $1 AND window_start::text = $2 AND failures > 0`, [
        key,
        stamp,
      ]);
    }
  }
}
