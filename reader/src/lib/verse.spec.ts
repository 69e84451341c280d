import { describe, expect, it } from 'vitest';
import { parseVerse } from './verse.js';

describe('parseVerse', () => {
  it('splits stanzas on empty lines and keeps indentation as a width', () => {
    const body = 'I wandered lonely\n    as a cloud\r\n\n\n\tThat floats on high  \nO\'er vales';
    expect(parseVerse(body)).toEqual([
      [
        { indent: 0, text: 'I wandered lonely' },
        { indent: 4, text: 'as a cloud' },
      ],
      [
        { indent: 4, text: 'That floats on high' },
        { indent: 0, text: "O'er vales" },
      ],
    ]);
  });
  it('keeps inner runs of spaces, which pre-wrap then shows as printed', () => {
    expect(parseVerse('a   b')).toEqual([[{ indent: 0, text: 'a   b' }]]);
  });
  it('answers no stanzas for an empty body', () => {
    expect(parseVerse('  \n\n')).toEqual([]);
  });
});
