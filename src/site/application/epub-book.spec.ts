import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Poem, Publication } from '../../../contracts/reader-page.js';
import { buildEpub, printedPageBreaks, rightsStatement } from './epub-book.js';

const publication = {
  id: 3,
  slug: 'roads-and-melodies',
  title: 'Roads and Melodies',
  authors: ['Eleanor Mary Vance'],
  publisher: 'Lantern Press',
  publication_date: '1962',
  isbn: '',
  updated_at: '2026-11-28T10:00:00.000Z',
} as Publication;

const poem = (id: number, title: string, body: string, page_numbers: number[], notes = '') =>
  ({ id, slug: `p${id}`, title, body, notes, page_numbers }) as Poem;

const POEMS = [
  poem(
    1,
    'Three Steps Down',
    'Three steps down\n  to the water,\n    and the water & the light.\n\nThen home.',
    [9],
    'Written at the lake.\n\nSee the letters, 1962.',
  ),
  poem(2, 'Two Pages', 'one\ntwo\nthree\nfour\n\nfive\nsix', [11, 12]),
  poem(3, 'Same Page', 'A short one.', [12]),
];

const settings = {
  siteName: 'The Vance Archive',
  poetName: 'Eleanor Vance',
  publicUrl: 'https://poems.example',
  footerCredit: 'Kept by her family.',
};

function book(): Record<string, string> {
  const entries = unzipSync(new Uint8Array(buildEpub({ book: { publication, poems: POEMS }, settings, cover: Buffer.from('png') })));
  return Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

/**
 * A page's text as a reading system sets it without any styles (the book's sheet, the style
 * attributes): block elements and line breaks end lines, everything else runs on.
 */
function unstyledLines(xhtml: string): string[] {
  const body = /<body>([\s\S]*)<\/body>/.exec(xhtml)![1]!;
  return body
    .replace(/\n/g, ' ')
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/?(p|div|h[1-6]|section|nav|ol|ul|li)\b[^>]*>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

describe('the EPUB of a book', () => {
  it('keeps each line of verse a line where the styles are not applied, and the notes after the verse', () => {
    const files = book();
    expect(unstyledLines(files['OEBPS/poem-0001.xhtml']!)).toEqual([
      'Three Steps Down',
      'Three steps down',
      'to the water,',
      'and the water & the light.',
      'Then home.',
      'Notes',
      'Written at the lake.',
      'See the letters, 1962.',
    ]);
    expect(unstyledLines(files['OEBPS/poem-0002.xhtml']!)).toEqual(['Two Pages', 'one', 'two', 'three', 'four', 'five', 'six']);
  });

  it('lists the printed pages, each where it starts, the first poem that names it holding it', () => {
    expect(printedPageBreaks(POEMS).map((b) => [b.head, [...b.lines]])).toEqual([
      [[9], []],
      [[11], [[3, [12]]]], // page 12 before the fourth of six lines
      [[], []], // page 12 is already placed
    ]);
    // More pages than lines, and a poem with no lines: every page is still placed, once.
    expect(
      printedPageBreaks([poem(4, 'Short', 'one\ntwo', [20, 21, 22]), poem(5, 'Empty', '', [23, 24])]).map((b) => [b.head, [...b.lines]]),
    ).toEqual([
      [[20], [[1, [21, 22]]]],
      [[23, 24], []],
    ]);
    const files = book();
    const nav = files['OEBPS/contents.xhtml']!;
    const list = /<nav epub:type="page-list"[\s\S]*?<\/nav>/.exec(nav)![0];
    expect([...list.matchAll(/<a href="([^"]+)">(\d+)<\/a>/g)].map((m) => [m[1], m[2]])).toEqual([
      ['poem-0001.xhtml#page-9', '9'],
      ['poem-0002.xhtml#page-11', '11'],
      ['poem-0002.xhtml#page-12', '12'],
    ]);
    expect(files['OEBPS/poem-0002.xhtml']).toContain(
      '<span epub:type="pagebreak" role="doc-pagebreak" id="page-12" aria-label="12"></span><span class="line"',
    );
    expect(files['OEBPS/poem-0001.xhtml']).toMatch(/id="page-9" aria-label="9"><\/span>\n<h1/);
  });

  it('names the author with the sort name and role, and the rights from the memorial settings', () => {
    const opf = book()['OEBPS/content.opf']!;
    expect(opf).toContain('<dc:creator id="creator-1">Eleanor Mary Vance</dc:creator>');
    expect(opf).toContain('<meta refines="#creator-1" property="file-as">Vance, Eleanor Mary</meta>');
    expect(opf).toContain('<meta refines="#creator-1" property="role" scheme="marc:relators">aut</meta>');
    expect(opf).toContain(
      '<dc:rights>© 1962 Eleanor Mary Vance. Kept by her family. The Vance Archive: https://poems.example/publication/roads-and-melodies</dc:rights>',
    );
    expect(rightsStatement({ creators: ['A B'], year: undefined, footerCredit: '', siteName: 'S', bookUrl: 'u' })).toBe('© A B. S: u');
  });
});
