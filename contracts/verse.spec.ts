import { describe, expect, it } from 'vitest';
import { isVerseHeading, lineGeometryEm, openingLines, setVerse, turnoverAt, verseProperties } from './verse.js';

describe('setVerse', () => {
  it('splits stanzas on empty lines and keeps indentation as a width', () => {
    const body = "I wandered lonely\n    as a cloud\r\n\n\n\tThat floats on high  \nO'er vales";
    expect(setVerse(body).stanzas).toEqual([
      [
        { indent: 0, level: 0, text: 'I wandered lonely' },
        { indent: 4, level: 1, text: 'as a cloud' },
      ],
      [
        { indent: 4, level: 1, text: 'That floats on high' },
        { indent: 0, level: 0, text: "O'er vales" },
      ],
    ]);
  });

  it('ranks the distinct indentations as levels and names the deepest', () => {
    const set = setVerse('flush\n  two\n      six\n    four\n      six again');
    expect(set.stanzas[0]!.map((l) => l.level)).toEqual([0, 1, 3, 2, 3]);
    expect(set).toMatchObject({ deepest: 6, levels: 3 });
  });

  it('keeps inner runs of spaces, which pre-wrap then shows as printed', () => {
    expect(setVerse('a   b').stanzas).toEqual([[{ indent: 0, level: 0, text: 'a   b' }]]);
  });

  it('answers no stanzas for an empty body', () => {
    expect(setVerse('  \n\n')).toEqual({ stanzas: [], deepest: 0, levels: 0 });
  });
});

describe('turnovers', () => {
  it('start deeper than the deepest indentation of the poem, whatever it is', () => {
    for (const deepest of [0, 2, 4, 12, 40]) {
      expect(turnoverAt(deepest)).toBeGreaterThan(deepest);
      const flush = lineGeometryEm(0, deepest);
      const deepestLine = lineGeometryEm(deepest, deepest);
      // The first row of the deepest line starts left of where its (and every) turnover starts.
      expect(deepestLine.paddingEm + deepestLine.textIndentEm).toBeLessThan(deepestLine.paddingEm);
      expect(flush.paddingEm + flush.textIndentEm).toBe(0);
    }
  });

  it('sets a line at its indentation, half an em a space, with the turnover two em past the deepest', () => {
    expect(lineGeometryEm(4, 8)).toEqual({ paddingEm: 6, textIndentEm: -4 });
    expect(verseProperties(8)).toEqual({ '--deepest': 8, '--gap': 4, '--room': 0.4, '--space': '0.5em' });
  });
});

describe('openingLines', () => {
  it('takes the first lines that hold words, with their indentation, across stanzas', () => {
    expect(openingLines('\n\nOne\n   two\n\nthree\nfour', 3).map((l) => [l.indent, l.text])).toEqual([
      [0, 'One'],
      [3, 'two'],
      [0, 'three'],
    ]);
  });
});

describe('isVerseHeading', () => {
  it('tells numerals, part and act headings and names in capitals from verse', () => {
    for (const heading of ['I.', 'II', '(iv)', '3.', '§ 2', 'Part II', 'Canto 3', 'ACT I, SCENE 2', 'Prologue', 'HAMLET.', 'FIRST WITCH:'])
      expect(isVerseHeading(heading), heading).toBe(true);
    for (const verse of [
      'I wandered lonely as a cloud',
      'Actors in the square',
      'O Captain!',
      'A',
      'STOP ALL THE CLOCKS, CUT OFF THE TELEPHONE',
    ])
      expect(isVerseHeading(verse), verse).toBe(false);
  });
});
