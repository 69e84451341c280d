import type { CountedFailures, LoginAttempt } from '../../domain/login-throttle.js';

/** The failed-login counters, shared by every API process. */
export interface LoginAttempts {
  /**
   * Counts one attempt in each counter, in the order given, at once (a counter whose window has
   * ended starts a new one): a burst of simultaneous attempts each gets its own count.
   */
  count(keys: string[], windowMs: number): Promise<CountedFailures[]>;
  /** Takes back counts, only in the window they were made in. */
  giveBack(held: LoginAttempt['held']): Promise<void>;
  /** Forgets a counter. */
  clear(key: string): Promise<void>;
}

export const LOGIN_ATTEMPTS = Symbol('LOGIN_ATTEMPTS');
