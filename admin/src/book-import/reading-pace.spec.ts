import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/i18n-provider.js';
import { durationText, nextPace, timeLeftMs, type Pace } from './reading-pace.js';

const MINUTE = 60_000;
const worded = (ms: number) => {
  const { key, args } = durationText(ms);
  return translate(`archive.book_import.${key}`, args);
};
const watch = (importId: number, samples: Array<[minutes: number, done: number]>) =>
  samples.reduce<Pace | null>((pace, [minutes, done]) => nextPace(pace, importId, { at: minutes * MINUTE, done }), null)!;

describe('the time an import still takes', () => {
  it('is not known until a page has been read while watching', () => {
    expect(timeLeftMs(watch(1, [[0, 10]]), 100)).toBeNull();
    expect(
      timeLeftMs(
        watch(1, [
          [0, 10],
          [1, 10],
        ]),
        100,
      ),
    ).toBeNull();
  });

  it('goes by the pace of the pages read so far', () => {
    // 20 pages in 4 minutes: the 60 left take 12.
    expect(
      timeLeftMs(
        watch(1, [
          [0, 0],
          [2, 10],
          [4, 20],
        ]),
        80,
      ),
    ).toBe(12 * MINUTE);
    // Watched from the middle of the book: the pace is that of the pages read since.
    expect(
      timeLeftMs(
        watch(1, [
          [10, 40],
          [12, 50],
        ]),
        100,
      ),
    ).toBe(10 * MINUTE);
    expect(
      timeLeftMs(
        watch(1, [
          [0, 0],
          [3, 100],
        ]),
        100,
      ),
    ).toBe(0);
  });

  it('starts over for another import, and when pages go back to be read again (Retry)', () => {
    const pace = watch(1, [
      [0, 0],
      [2, 10],
    ]);
    expect(nextPace(pace, 2, { at: 3 * MINUTE, done: 50 })).toEqual({
      importId: 2,
      first: { at: 3 * MINUTE, done: 50 },
      last: { at: 3 * MINUTE, done: 50 },
    });
    expect(nextPace(pace, 1, { at: 3 * MINUTE, done: 4 }).first).toEqual({ at: 3 * MINUTE, done: 4 });
    // A poll with no new page keeps the moment the last page was read.
    expect(nextPace(pace, 1, { at: 3 * MINUTE, done: 10 })).toBe(pace);
  });

  it('is said in minutes, rounded up, and past an hour to five minutes', () => {
    expect(worded(20_000)).toBe('less than a minute');
    expect(worded(0)).toBe('less than a minute');
    expect(worded(MINUTE)).toBe('1 minute');
    expect(worded(12.2 * MINUTE)).toBe('13 minutes');
    expect(worded(58.5 * MINUTE)).toBe('59 minutes');
    expect(worded(59.5 * MINUTE)).toBe('1 hour');
    expect(worded(61 * MINUTE)).toBe('1 hour');
    expect(worded(84 * MINUTE)).toBe('1 h 25 min');
    expect(worded(150 * MINUTE)).toBe('2 h 30 min');
    expect(worded(179 * MINUTE)).toBe('3 hours');
  });
});
