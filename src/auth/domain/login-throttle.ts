/** How long failed logins are counted for. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/**
 * Failures allowed per username from one address, per address over all usernames, and per
 * username from every browser the curator has not signed in on before, whatever their addresses
 * (guesses spread over many addresses share that one). A browser the curator signed in on (a
 * trusted device) has a limit of its own instead of all three, so no stranger's guesses, not even
 * from behind the same proxy, can lock its owner out.
 */
const LIMITS = { pair: 5, address: 20, account: 10, device: 10 };

/** The counters one attempt holds: each key with the window it was counted in. */
export interface LoginAttempt {
  /** The counters a right password clears: the username's from this address, or the trusted device's. */
  clearedBySuccess: string;
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
 * (the account's last). `device`: the id of the trusted device the attempt comes from (a browser
 * that signed in to this username before), which is held to its own limit only.
 */
export function loginCounters(
  username: string,
  address: string,
  device: string | null,
): { clearedBySuccess: string; limits: Map<string, number> } {
  if (device !== null) {
    const deviceKey = `device:${device}`;
    return { clearedBySuccess: deviceKey, limits: new Map([[deviceKey, LIMITS.device]]) };
  }
  const pairKey = `user:${username.toLowerCase()}|ip:${address}`;
  const limits = new Map([
    [pairKey, LIMITS.pair],
    [`ip:${address}`, LIMITS.address],
    [`account:${username.toLowerCase()}`, LIMITS.account],
  ]);
  return { clearedBySuccess: pairKey, limits };
}

/** Seconds to wait when a counter went over its limit (the longest wait of those over, at least one); null when none did. */
export function loginRetryAfter(counted: readonly CountedFailures[], limits: ReadonlyMap<string, number>): number | null {
  const over = counted.filter((row) => row.failures > limits.get(row.key)!);
  return over.length > 0 ? Math.max(1, ...over.map((row) => row.retryAfterSeconds)) : null;
}
