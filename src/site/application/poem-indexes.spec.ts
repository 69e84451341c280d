import { describe, expect, it } from 'vitest';
import type { Poem, Publication } from '../../../contracts/reader-page.js';
import { buildIndex, filingLetter, filingText, firstLineOfVerse } from './poem-indexes.js';

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

  it('lists the first line of verse, not the numerals, headings, speakers and directions before it', () => {
    expect(firstLineOfVerse('I.\n\nThe river runs\nII.\nAnd sings')).toBe('The river runs');
    expect(firstLineOfVerse('II\nSo the day goes')).toBe('So the day goes');
    expect(firstLineOfVerse('(iv)\n3.\n§ 2\nNumbers aside')).toBe('Numbers aside');
    expect(firstLineOfVerse('ACT I, SCENE 2\n[Enter the Queen]\nQUEEN\nWhere have you been?')).toBe('Where have you been?');
    expect(firstLineOfVerse('Act One\nScene 2\nPrologue\nFIRST WITCH:\nWhen shall we three meet again')).toBe(
      'When shall we three meet again',
    );
    expect(firstLineOfVerse('Part II\nCanto 3\nMidway upon the journey')).toBe('Midway upon the journey');
    // A speaker's name before the speech on the same line is left off.
    expect(firstLineOfVerse('HAMLET. To be, or not to be, that is the question')).toBe('To be, or not to be, that is the question');
    expect(firstLineOfVerse("LADY M'BETH: Out, damned spot")).toBe('Out, damned spot');
    // The title repeated at the head of the text.
    expect(firstLineOfVerse('The Road Not Taken\nTwo roads diverged', 'The Road Not Taken')).toBe('Two roads diverged');
  });

  it('keeps verse that only looks like a heading, and falls back to the first line when nothing else is there', () => {
    expect(firstLineOfVerse('I wandered lonely as a cloud')).toBe('I wandered lonely as a cloud');
    expect(firstLineOfVerse('O Captain! my Captain!')).toBe('O Captain! my Captain!');
    expect(firstLineOfVerse('STOP ALL THE CLOCKS, CUT OFF THE TELEPHONE')).toBe('STOP ALL THE CLOCKS, CUT OFF THE TELEPHONE');
    expect(firstLineOfVerse('(and the rain falls)\nsoftly')).toBe('(and the rain falls)');
    expect(firstLineOfVerse('Actors in the square')).toBe('Actors in the square');
    expect(firstLineOfVerse('IV.')).toBe('IV.');
    expect(firstLineOfVerse('')).toBe('');
  });

  it('files each poem of a sequence or a play by its first line of verse', () => {
    const poems = [poem('Sequence', 'I.\nWhen the night comes'), poem('A Play', 'ACT I\nCHORUS\nAll hail')];
    expect(buildIndex('first-lines', poems, books).map((e) => [e.text, e.letter])).toEqual([
      ['All hail', 'A'],
      ['When the night comes', 'W'],
    ]);
  });
});
