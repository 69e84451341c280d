import { describe, expect, it } from 'vitest';
import { isKnownWord, lookupForms, lookupParts, syncopeForms } from './word-forms.js';

describe('a printed word looked up in a word list', () => {
  it('is looked up without its punctuation, in each part of a compound, never when it has no letters or is a numeral', () => {
    expect(lookupParts('“Oh,')).toEqual(['Oh']);
    expect(lookupParts('sea-green!')).toEqual(['sea', 'green']);
    expect(lookupParts('1821')).toEqual([]);
    expect(lookupParts('XVIII.')).toEqual([]);
    expect(lookupParts('—')).toEqual([]);
    // A speck read before a word is kept, so the word is found in no list.
    expect(lookupParts('.me')).toEqual(['.me']);
    expect(lookupParts('_os')).toEqual(['_os']);
    expect(lookupParts('¡Qué')).toEqual(['Qué']);
  });

  it('is found under its capital at a line’s start, in small letters when set in capitals, with a straight apostrophe', () => {
    expect(lookupForms('The')).toEqual(['The', 'the']);
    expect(lookupForms('ERIN')).toEqual(['ERIN', 'Erin', 'erin']);
    expect(lookupForms('o’er')).toEqual(['o’er', "o'er", 'oeer']);
    expect(lookupForms("lov'd")).toEqual(["lov'd", 'loved']);
    expect(lookupForms('daß')).toEqual(['daß', 'dass']);
    expect(lookupForms('ÄUSSEREN')).toEqual(['ÄUSSEREN', 'Äusseren', 'Äußeren', 'äusseren', 'äußeren']);
  });

  it('is known when each of its parts is', () => {
    const list = new Set(['sea', 'green', 'the']);
    expect(isKnownWord('Sea-green', (w) => list.has(w))).toBe(true);
    expect(isKnownWord('Sea-grean', (w) => list.has(w))).toBe(false);
  });

  it('is known with the unstressed e that verse drops put back in its last syllable, after a stem with a vowel', () => {
    const list = new Set(['eigenes', 'gehens', 'verstehen', 'scher', 'genes']);
    expect(isKnownWord('eignes', (w) => list.has(w))).toBe(true);
    expect(isKnownWord('Gehns', (w) => list.has(w))).toBe(true);
    expect(isKnownWord('verstehn,', (w) => list.has(w))).toBe(true);
    // A misreading with no vowel before the gap ("schr" for "sehr", "gnes" for "goes") stays unknown.
    expect(isKnownWord('schr', (w) => list.has(w))).toBe(false);
    expect(isKnownWord('gnes', (w) => list.has(w))).toBe(false);
    expect(syncopeForms('offne')).toContain('offene');
    expect(syncopeForms('Schlaftrunknen')).toContain('Schlaftrunkenen');
    expect(syncopeForms('Liebe')).toEqual([]);
  });
});
