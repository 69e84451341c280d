import { describe, expect, it } from 'vitest';
import type { Poem, Publication } from '../../../contracts/reader-page.js';
import { buildIndex, filingLetter, filingText } from './poem-indexes.js';

const book = { id: 1, slug: 'songs', title: 'Songs' } as Publication;
const other = { id: 2, slug: 'later', title: 'Later Poems' } as Publication;
const books = new Map([
  [1, book],
  [2, other],
]);
let next = 1;
const poem = (title: string, body: string, publication_id = 1) => ({ id: next, slug: `p-${next++}`, title, body, publication_id }) as Poem;

describe('poem indexes', () => {
  it('files text by its first letter, leading quotes and punctuation aside', () => {
    expect(filingText('“’Tis the season')).toBe('Tis the season');
    expect(filingLetter("'Tis")).toBe('T');
    expect(filingLetter('Évening')).toBe('E');
    expect(filingLetter('1914')).toBe('#');
    expect(filingLetter('...and then')).toBe('A');
  });

  it('sorts first lines alphabetically, ignoring case, accents and leading quotes, across books', () => {
    const poems = [
      poem('Zebra', 'zebra crossing\nsecond'),
      poem('Quoted', '"Apples," she said\nmore'),
      poem('Untitled', '\n\n   Évening falls\n'),
      poem('', 'every morning'),
      poem('Late', 'Banners of the night', 2),
      poem('Nothing', '   '),
    ];
    const index = buildIndex('first-lines', poems, books);
    expect(index.map((e) => e.text)).toEqual([
      '"Apples," she said',
      'Banners of the night',
      'Évening falls',
      'every morning',
      'zebra crossing',
    ]);
    expect(index.map((e) => e.letter)).toEqual(['A', 'B', 'E', 'E', 'Z']);
    expect(index[1]).toMatchObject({ publication_ref: 'later', publication_title: 'Later Poems', poem_title: 'Late' });
  });

  it('lists titled poems only in the index of titles, and only poems of the given books', () => {
    const poems = [poem('The River', 'x'), poem('', 'no title'), poem('a Song', 'y'), poem('Elsewhere', 'z', 99)];
    expect(buildIndex('titles', poems, books).map((e) => e.text)).toEqual(['a Song', 'The River']);
  });
});
