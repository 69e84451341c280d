import { describe, expect, it } from 'vitest';
import { unknownWordsHere } from './hunspell-checkers.js';

describe('the Hunspell word lists', () => {
  it('know a book’s words as printed: punctuation, line-initial capitals, curly apostrophes, compounds', async () => {
    const words = ['The', 'harp,', '“Oh,', 'o’er', 'halls;', 'well-known', 'XVIII', '1821', '—', 'lovliest', 'On!', 'SHALL'];
    expect(await unknownWordsHere(words, 'en-GB')).toEqual(['lovliest']);
  });

  it('know English as printed on either side of the Atlantic', async () => {
    const words = ['grey', 'harbour', 'colour', 'gray', 'harbor', 'color', 'beautifull'];
    expect(await unknownWordsHere(words, 'en')).toEqual(['beautifull']);
    expect(await unknownWordsHere(words, 'en-US')).toEqual(['beautifull']);
  });

  it('mark nothing in a language the archive has no list for', async () => {
    expect(await unknownWordsHere(['anything', 'xyzzy'], 'ja')).toEqual([]);
  });
});
