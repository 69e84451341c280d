import { Inject, Injectable } from '@nestjs/common';
import { LOGIN_WINDOW_MS, loginCounters, loginRetryAfter, type LoginAttempt } from '../domain/login-throttle.js';
import { LOGIN_ATTEMPTS, type LoginAttempts } from './ports/login-attempts.port.js';

/**
 * Slows password guessing: after too many failed logins in a 15-minute window, further attempts
 * for that username from that address (or from that address at all, or for that username from
 * any browser it has not signed in on, or from one trusted browser) are refused until the window
 * ends.
 *
 * An attempt is counted before its password is checked, in one atomic step, so a burst of
 * simultaneous requests cannot all read "no failures yet" and all be checked: only the first
 * `limit` of them get a count within the limit. A success gives its count back (and clears the
 * username's counter); a refused attempt gives its count back too, since it checked nothing.
 * Counters are kept where every replica sees the same count.
 */
@Injectable()
export class LoginThrottle {
  constructor(@Inject(LOGIN_ATTEMPTS) private readonly attempts: LoginAttempts) {}

  /**
   * Counts the attempt, or answers the seconds to wait when it would go over a limit.
   * `device`: the id of the trusted device (a browser that signed in to this username before), or null.
   */
  async begin(username: string, address: string, device: string | null): Promise<LoginAttempt | { retryAfterSeconds: number }> {
    const { clearedBySuccess, limits } = loginCounters(username, address, device);
    const counted = await this.attempts.count([...limits.keys()], LOGIN_WINDOW_MS);
    const attempt: LoginAttempt = { clearedBySuccess, held: counted.map(({ key, stamp }) => ({ key, stamp })) };
    const retryAfterSeconds = loginRetryAfter(counted, limits);
    if (retryAfterSeconds !== null) {
      await this.attempts.giveBack(attempt.held);
      return { retryAfterSeconds };
    }
    return attempt;
  }

  /**
   * The password was right: the attempt was no failure, and the username starts afresh from this
   * address (or this trusted browser). Guesses counted against the account from elsewhere stay counted.
   */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.attempts.clear(attempt.clearedBySuccess);
    await this.attempts.giveBack(attempt.held.filter(({ key }) => key !== attempt.clearedBySuccess));
  }
}
