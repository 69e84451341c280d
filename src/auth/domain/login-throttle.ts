/** How long failed logins are counted for. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/**
 * Failures allowed per username from one address, per address over all usernames, and per
 * username from every browser the admin has not signed in on before (trusted devices), whatever
 * their addresses: guesses spread over many addresses share that one.
 */
const LIMITS = { pair: 5, address: 20, account: 10 };

/** The counters one attempt holds: each key with the window it was counted in. */
export interface LoginAttempt {
  pairKey: string;
  addressKey: string;
  held: Array<{ key: string; stamp: string }>;
}

/** One counter after an attempt was counted in it. */
export interface CountedFailures {
  key: string;
  failures: number;
  /** Which window the count was made in. */
  stamp: string;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

/**
 * The counters an attempt counts in, each with its limit, in the order they are always counted
 * (the account's last). `trustedDevice`: the browser has signed in to this username before, so
 * the per-account limit is not its to meet.
 */
export function loginCounters(
  username: string,
  address: string,
  trustedDevice: boolean,
): { pairKey: string; addressKey: string; limits: Map<string, number> } {
  const pairKey = `user:${username.toLowerCase()}|ip:${address}`;
  const addressKey = `ip:${address}`;
  const limits = new Map([
    [pairKey, LIMITS.pair],
    [addressKey, LIMITS.address],
  ]);
  if (!trustedDevice) limits.set(`account:${username.toLowerCase()}`, LIMITS.account);
  return { pairKey, addressKey, limits };
}

/** Seconds to wait when a counter went over its limit (the longest wait of those over, at least one); null when none did. */
export function loginRetryAfter(counted: readonly CountedFailures[], limits: ReadonlyMap<string, number>): number | null {
  const over = counted.filter((row) => row.failures > limits.get(row.key)!);
  return over.length > 0 ? Math.max(1, ...over.map((row) => row.retryAfterSeconds)) : null;
}
