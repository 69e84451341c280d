/**
 * The time the fakes stamp their rows with, which a test moves on by hand: where the real adapters
 * take the database's now(), a rule about elapsed time (an import stalled for ten minutes) is
 * then tested without waiting for it.
 */
export class ManualClock {
  private current: number;

  constructor(start = new Date('2026-03-01T09:00:00.000Z')) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  advanceMinutes(minutes: number): void {
    this.advance(minutes * 60_000);
  }
}
