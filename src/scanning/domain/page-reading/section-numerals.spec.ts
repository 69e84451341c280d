import { describe, expect, it } from 'vitest';
import { readNumeral, toRoman } from './section-numerals.js';

describe('reading a part numeral in large capitals', () => {
  it('reads the recogniser’s usual misreadings of roman numerals', () => {
    expect(readNumeral('I.')).toEqual({ value: 1, stop: true });
    expect(readNumeral('IV')).toEqual({ value: 4, stop: false });
    expect(readNumeral('Iv')).toEqual({ value: 4, stop: false });
    expect(readNumeral('111]')).toEqual({ value: 3, stop: false });
    expect(readNumeral('1.')).toEqual({ value: 1, stop: true });
  });

  it('reads an I merged with its stop into an L, and a stop read as a small l', () => {
    expect(readNumeral('L')).toEqual({ value: 1, stop: true });
    expect(readNumeral('IL')).toEqual({ value: 2, stop: true });
    expect(readNumeral('IIL')).toEqual({ value: 3, stop: true });
    expect(readNumeral('Ll')).toEqual({ value: 1, stop: true });
  });

  it('gives no value to what is no numeral', () => {
    expect(readNumeral('15').value).toBe(15);
    expect(readNumeral('IIII').value).toBeUndefined();
    expect(readNumeral('Ox').value).toBeUndefined();
  });

  it('writes roman numerals', () => {
    expect([1, 4, 9, 14, 40, 1999].map(toRoman)).toEqual(['I', 'IV', 'IX', 'XIV', 'XL', 'MCMXCIX']);
  });
});
