/**
 * Waits that double from `firstMs` up to `maxMs`: a thing retried forever (a database that is
 * away, a process that keeps dying while it starts) is tried often at first and then every
 * `maxMs`, so it is back within that long of its cause going, without a busy loop meanwhile.
 */
export class Backoff {
  private nextMs: number;

  constructor(
    private readonly firstMs = 1_000,
    private readonly maxMs = 30_000,
  ) {
    this.nextMs = firstMs;
  }

  /** The wait before the next try; each call doubles the one after. */
  next(): number {
    const ms = this.nextMs;
    this.nextMs = Math.min(this.nextMs * 2, this.maxMs);
    return ms;
  }

  /** Back to the first wait, once what was retried has worked for a while. */
  reset(): void {
    this.nextMs = this.firstMs;
  }
}

/** "1 s", "30 s": a wait as the logs say it. */
export const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
