/**
 * How long a whole-book import still has to read, estimated from the pace of the pages read
 * while the admin has been watching: pure, so the estimate and its wording are unit tested.
 */

/** Pages read (or failed) by a moment, in milliseconds. */
export interface PaceSample {
  at: number;
  done: number;
}

/**
 * The pace's first sample and the latest change: a new import, or pages done going back (a Retry
 * reads its failed pages again), starts the pace over.
 */
export interface Pace {
  importId: number;
  first: PaceSample;
  last: PaceSample;
}

export function nextPace(pace: Pace | null, importId: number, sample: PaceSample): Pace {
  if (!pace || pace.importId !== importId || sample.done < pace.last.done) return { importId, first: sample, last: sample };
  return sample.done > pace.last.done ? { ...pace, last: sample } : pace;
}

/** Milliseconds left at the pace so far, or null before any page has been read while watching. */
export function timeLeftMs(pace: Pace, total: number): number | null {
  const read = pace.last.done - pace.first.done;
  const elapsed = pace.last.at - pace.first.at;
  if (read <= 0 || elapsed <= 0) return null;
  return Math.max(0, total - pace.last.done) * (elapsed / read);
}

/** A time left as a translation key of archive.book_import and its arguments: minutes rounded up, hours to five minutes. */
export function durationText(ms: number): { key: string; args?: Record<string, number> } {
  if (ms < 60_000) return { key: 'under_a_minute' };
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return { key: 'minutes', args: { smart_count: minutes } };
  const rounded = Math.round(minutes / 5) * 5;
  const hours = Math.floor(rounded / 60);
  const rest = rounded % 60;
  return rest ? { key: 'hours_minutes', args: { hours, minutes: rest } } : { key: 'hours', args: { smart_count: hours } };
}
