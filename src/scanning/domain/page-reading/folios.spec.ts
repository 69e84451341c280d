import { describe, expect, it } from 'vitest';
import { parseFolio, repairFolioSequence, romanValue } from './folios.js';

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

describe('folios of a run of pages', () => {
  it('fills a folio missing between two that agree', () => {
    expect(repairFolioSequence([9, 10, undefined, 12])).toEqual([9, 10, 11, 12]);
  });

  it('replaces a misreading that contradicts two agreeing neighbours', () => {
    expect(repairFolioSequence([112, 118, 114])).toEqual([112, 113, 114]);
  });

  it('fills the end of a run from two agreeing folios before it, but never overrules a reading from one side', () => {
    expect(repairFolioSequence([21, 22, undefined])).toEqual([21, 22, 23]);
    expect(repairFolioSequence([undefined, 42, 43])).toEqual([41, 42, 43]);
    expect(repairFolioSequence([21, 22, 30])).toEqual([21, 22, 30]);
  });

  it('guesses nothing from a single folio or from folios that disagree', () => {
    expect(repairFolioSequence([undefined, 5])).toEqual([undefined, 5]);
    expect(repairFolioSequence([5, undefined, 20])).toEqual([5, undefined, 20]);
    expect(repairFolioSequence([undefined, undefined])).toEqual([undefined, undefined]);
  });
});
