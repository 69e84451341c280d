import { describe, expect, it } from 'vitest';
import { authorsText, collectionStats, formatLongDate, formatPublicationDate, formatShortDate, lifeDates, refOf } from './format.js';
import { formatDuration, listenTitle } from './recordings.js';

describe('dates', () => {
  it('formats timestamps and bare dates in long US English without shifting the day', () => {
    expect(formatLongDate('2024-03-05T23:30:00Z')).toBe('March 5, 2024');
    expect(formatLongDate('1931-01-01')).toBe('January 1, 1931');
    expect(formatLongDate('not a date')).toBe('');
    expect(formatLongDate(null)).toBe('');
  });
  it('formats the short dashboard date from the same reading of the day', () => {
    expect(formatShortDate('2024-03-05T23:30:00Z')).toBe('Mar 5, 2024');
    expect(formatShortDate('2024-12-31')).toBe('Dec 31, 2024');
    expect(formatShortDate(undefined)).toBe('');
    expect(formatShortDate('31/12/2024')).toBe('');
  });
  it('keeps free-text publication dates and formats ISO ones', () => {
    expect(formatPublicationDate('1998')).toBe('1998');
    expect(formatPublicationDate('Spring 1998')).toBe('Spring 1998');
    expect(formatPublicationDate('1998-03')).toBe('March 1998');
    expect(formatPublicationDate('1998-03-04')).toBe('March 4, 1998');
  });
  it('writes life dates with whichever ends are known', () => {
    expect(lifeDates('1931-03-03', '2019-06-09')).toBe('March 3, 1931 – June 9, 2019');
    expect(lifeDates('1931-03-03')).toBe('Born March 3, 1931');
    expect(lifeDates()).toBe('');
  });
});

describe('counts and names', () => {
  it('writes the stats line with singulars and thousands separators', () => {
    expect(collectionStats(12, 340, 1902)).toBe('12 poems • 340 lines • 1,902 words');
    expect(collectionStats(1, 1, 1)).toBe('1 poem • 1 line • 1 word');
  });
  it("falls back to the poet's name when authors are empty", () => {
    expect(authorsText([], 'Ana Poet')).toBe('Ana Poet');
    expect(authorsText(['  '], 'Ana Poet')).toBe('Ana Poet');
    expect(authorsText(['A', 'B'], 'Ana Poet')).toBe('A, B');
  });
  it('prefers the slug in links', () => {
    expect(refOf({ id: 4, slug: 'songs' })).toBe('songs');
    expect(refOf({ id: 4, slug: '' })).toBe('4');
  });
});

describe('recordings', () => {
  it('names who reads, the poet when no one is named, and when, left out when unknown', () => {
    expect(listenTitle({ reader: 'Maria Poet', recorded: 'spring 1992' }, 'Ana Poet')).toBe('Listen — read by Maria Poet, spring 1992');
    expect(listenTitle({ reader: null, recorded: '1987' }, 'Ana Poet')).toBe('Listen — read by Ana Poet, 1987');
    expect(listenTitle({ reader: '  ', recorded: ' ' }, 'Ana Poet')).toBe('Listen — read by Ana Poet');
  });
  it('gives a length in minutes and seconds, hours when there are any', () => {
    expect(formatDuration(0.4)).toBe('0:00');
    expect(formatDuration(7.2)).toBe('0:07');
    expect(formatDuration(245)).toBe('4:05');
    expect(formatDuration(3729)).toBe('1:02:09');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});
