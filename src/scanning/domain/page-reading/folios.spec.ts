import { describe, expect, it } from 'vitest';
import { followsUploads, inSequence, parseFolio, readFolio, repairFolioSequence, romanValue, type FolioReading } from './folios.js';

describe('reading a folio', () => {
  it('reads plain, decorated and worded page numbers, tolerating l, I and O for figures', () => {
    expect(parseFolio('17')).toBe(17);
    expect(parseFolio('— 22 —')).toBe(22);
    expect(parseFolio('- 17 -')).toBe(17);
    expect(parseFolio('[117]')).toBe(117);
    expect(parseFolio('· 9 ·')).toBe(9);
    expect(parseFolio('Page 203')).toBe(203);
    expect(parseFolio('p. 12')).toBe(12);
    expect(parseFolio('l7')).toBe(17);
    expect(parseFolio('1O')).toBe(10);
  });

  it('reads a bracketed folio whose opening bracket the recogniser took for a 1', () => {
    expect(parseFolio('166]')).toBe(66);
    expect(parseFolio('l66]')).toBe(66);
    expect(parseFolio('[166]')).toBe(166);
    expect(parseFolio('166')).toBe(166);
  });

  it('reads roman folios, but not a lone I, which is more often a numeral or the pronoun', () => {
    expect(parseFolio('xiv')).toBe(14);
    expect(parseFolio('[XII]')).toBe(12);
    expect(parseFolio('iii')).toBe(3);
    expect(parseFolio('I')).toBeUndefined();
    expect(readFolio('xii')).toEqual({ value: 12, roman: true });
    expect(readFolio('12')).toEqual({ value: 12 });
    expect(romanValue('mcmxcix')).toBe(1999);
    expect(romanValue('iiii')).toBeUndefined();
  });

  it('refuses words', () => {
    expect(parseFolio('Oh')).toBeUndefined();
    expect(parseFolio('and')).toBeUndefined();
    expect(parseFolio('mix')).toBeUndefined();
    expect(parseFolio('')).toBeUndefined();
  });
});

/** Folios as read on a batch's photos, in upload order (undefined: none could be read). */
const arabic = (...values: Array<number | undefined>): Array<FolioReading | undefined> =>
  values.map((value) => (value === undefined ? undefined : { value }));
/** Folios read in a corner of the head: L(12) in the left, R(13) in the right. */
const L = (value: number): FolioReading => ({ value, side: 'left' });
const R = (value: number): FolioReading => ({ value, side: 'right' });
const roman = (value: number): FolioReading => ({ value, roman: true });

describe('folios of a run of pages', () => {
  it('fills a folio missing between two that agree', () => {
    expect(repairFolioSequence(arabic(9, 10, undefined, 12))).toEqual([9, 10, 11, 12]);
  });

  it('replaces a misreading that contradicts two agreeing neighbours', () => {
    expect(repairFolioSequence(arabic(112, 118, 114))).toEqual([112, 113, 114]);
    expect(repairFolioSequence(arabic(3, 150, 5))).toEqual([3, 4, 5]);
  });

  it('numbers a batch that starts mid-book from the folio it can read and the order of the photos', () => {
    expect(repairFolioSequence(arabic(undefined, 12))).toEqual([11, 12]);
    expect(repairFolioSequence(arabic(12, undefined))).toEqual([12, 13]);
    expect(repairFolioSequence(arabic(undefined, 42, 43))).toEqual([41, 42, 43]);
    expect(repairFolioSequence(arabic(21, 22, undefined, undefined))).toEqual([21, 22, 23, 24]);
    // A blank page or an unnumbered opening between two pages whose folios agree.
    expect(repairFolioSequence(arabic(7, undefined, undefined, 10))).toEqual([7, 8, 9, 10]);
  });

  it('never overrules a legible folio from one side, and keeps the folios of photos sent out of order', () => {
    expect(repairFolioSequence(arabic(21, 22, 30))).toEqual([21, 22, 30]);
    expect(repairFolioSequence(arabic(12, 11))).toEqual([12, 11]);
    expect(repairFolioSequence(arabic(11, 13, 12, 14))).toEqual([11, 13, 12, 14]);
    expect(repairFolioSequence(arabic(5, 6, 7, 2, 3, 4))).toEqual([5, 6, 7, 2, 3, 4]);
  });

  it('guesses nothing between folios that disagree, and keeps what a batch of one page reads', () => {
    expect(repairFolioSequence(arabic(5, undefined, 20))).toEqual([5, undefined, 20]);
    expect(repairFolioSequence(arabic(11, 12, undefined, 40, 41))).toEqual([11, 12, undefined, 40, 41]);
    expect(repairFolioSequence(arabic(undefined, 150, 5))).toEqual([undefined, 150, 5]);
    expect(repairFolioSequence(arabic(undefined, undefined))).toEqual([undefined, undefined]);
    expect(repairFolioSequence(arabic(150))).toEqual([150]);
    expect(repairFolioSequence([R(12)])).toEqual([12]);
    expect(repairFolioSequence(arabic(undefined))).toEqual([undefined]);
  });

  it('takes a folio whose parity contradicts its corner for a misreading, learning from the batch which corner holds odd folios', () => {
    // Rectos (odd) carry their folio in the right corner: an even one there is misread ("12" for 17).
    expect(repairFolioSequence([L(14), R(15), L(16), R(12)])).toEqual([14, 15, 16, 17]);
    // An odd folio on the right after 16 is a jump in the book, not a misreading.
    expect(repairFolioSequence([L(14), R(15), L(16), R(21)])).toEqual([14, 15, 16, 21]);
    // A book printed right to left carries its odd folios on the left.
    expect(repairFolioSequence([R(16), L(17), R(18), L(14)])).toEqual([16, 17, 18, 19]);
    // Centred folios tell nothing of the side.
    expect(repairFolioSequence(arabic(14, 15, 16, 12))).toEqual([14, 15, 16, 12]);
  });

  it('keeps roman front-matter folios and arabic ones as two sequences', () => {
    expect(repairFolioSequence([roman(11), roman(12), ...arabic(1, 2)])).toEqual([11, 12, 1, 2]);
    expect(repairFolioSequence([roman(10), roman(11), undefined, ...arabic(1, 2)])).toEqual([10, 11, undefined, 1, 2]);
    expect(repairFolioSequence([roman(3), { value: 150 }, roman(5)])).toEqual([3, 4, 5]);
    expect(repairFolioSequence([roman(10), undefined, roman(12)])).toEqual([10, 11, 12]);
  });

  it('counts a photo of two facing pages as two pages of the run', () => {
    const spread: FolioReading = { value: 21, spread: true };
    expect(repairFolioSequence([{ value: 20 }, spread, ...arabic(93, 24)])).toEqual([20, 21, 23, 24]);
    expect(repairFolioSequence([{ value: 20 }, spread, undefined])).toEqual([20, 21, 23]);
  });
});

describe('a folio in step with the batch', () => {
  it('agrees with another photo’s folio by their order; a misreading agrees with none', () => {
    const read = arabic(115, 116, 118);
    expect([0, 1, 2].map((i) => inSequence(read, i))).toEqual([true, true, false]);
    expect(inSequence(arabic(36, 37), 1)).toBe(true);
    expect(inSequence(arabic(36), 0)).toBe(false);
  });
});

describe('a page sent after the publication’s pages', () => {
  it('follows the last of them when its folio is the next', () => {
    expect(followsUploads([28, 29], 30)).toBe(29);
    expect(followsUploads([29], 30)).toBe(29);
  });

  it('gives the last page whose folio could not be read the number between its neighbours', () => {
    // 29, an unread folio, then 31: the unread page is 30, and 31 follows it.
    expect(followsUploads([28, 29, undefined], 31)).toBe(30);
    // Two unread pages after 12, then 15: the last of them is 14.
    expect(followsUploads([12, undefined, undefined], 15)).toBe(14);
  });

  it('reads a folio breaking an otherwise consistent run as the run’s', () => {
    expect(followsUploads([26, 27, 28, 29, 50], 31)).toBe(30);
    expect(followsUploads([25, 50], 27)).toBe(26);
  });

  it('shows no following across a gap, a folio going back, or a page whose own folio is unread', () => {
    expect(followsUploads([28, 29, undefined], 33)).toBeUndefined();
    expect(followsUploads([28, 29], 32)).toBeUndefined();
    expect(followsUploads([28, 29, 30], 30)).toBeUndefined();
    expect(followsUploads([28, 29, 30], 12)).toBeUndefined();
    expect(followsUploads([28, 29], undefined)).toBeUndefined();
    expect(followsUploads([], 1)).toBeUndefined();
    // A folio breaking the run is only one reading: the new page alone does not overrule two that agree.
    expect(followsUploads([28, 29, 30], 50)).toBeUndefined();
  });
});
