import { strFromU8, unzipSync } from 'fflate';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Poem, Publication } from '../../../contracts/reader-page.js';
import { buildEpub, lineClips, overlayRecording, printedPageBreaks, rightsStatement, type EpubRecording } from './epub-book.js';

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
  const entries = unzipSync(new Uint8Array(buildEpub({ book: { publication, poems: POEMS }, settings, cover: Buffer.from('png') }).head));
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

/** A recording the book may carry, its bytes given here. */
function heard(bytes: Uint8Array, details: Partial<EpubRecording> = {}): EpubRecording {
  return {
    mimeType: 'audio/mpeg',
    byteSize: bytes.length,
    sha256: 'x',
    durationSeconds: 10,
    lineMarks: [],
    reader: 'Ruth & Tom',
    open: async () => Readable.from([bytes.subarray(0, 3), bytes.subarray(3)]),
    ...details,
  };
}

async function whole(epub: ReturnType<typeof buildEpub>): Promise<Buffer> {
  const parts: Uint8Array[] = [epub.head];
  for await (const chunk of epub.rest()) parts.push(chunk);
  return Buffer.concat(parts);
}

describe("the EPUB's Media Overlays", () => {
  it('gives each marked line its clip: from its mark to the next, the last to the end, none that lasts no time', () => {
    expect(lineClips([0, 1.25, 3], 4, 5)).toEqual([
      { line: 0, begin: 0, end: 1250 },
      { line: 1, begin: 1250, end: 3000 },
      { line: 2, begin: 3000, end: 5000 },
    ]);
    // Two lines marked at one moment: the first is heard for no time; marks past the poem's lines are dropped.
    expect(lineClips([0.5, 0.5, 2, 4], 3, 6)).toEqual([
      { line: 1, begin: 500, end: 2000 },
      { line: 2, begin: 2000, end: 6000 },
    ]);
    expect(lineClips([], 3, 6)).toEqual([]);
  });

  it('carries the first recording of a poem that reading systems play, while the book has room', () => {
    const wav = heard(new Uint8Array(4), { mimeType: 'audio/wav' });
    const mp3 = heard(new Uint8Array(4));
    const m4a = heard(new Uint8Array(4), { mimeType: 'audio/mp4' });
    expect(overlayRecording([wav, m4a, mp3], 100)).toBe(m4a);
    expect(overlayRecording([wav], 100)).toBeUndefined();
    expect(overlayRecording([mp3], 3)).toBeUndefined();
  });

  it('points a par at each line with its clip, marks the poem for its overlay and streams the sound after the text', async () => {
    const sound = new Uint8Array([1, 2, 3, 4, 5, 6, 7]);
    const recordings = new Map([
      [2, [heard(sound, { lineMarks: [0, 1, 2.5], durationSeconds: 4 })]],
      [3, [heard(new Uint8Array([9, 9]), { mimeType: 'audio/mp4', durationSeconds: 2.5, reader: 'Eleanor Vance' })]],
    ]);
    const epub = buildEpub({ book: { publication, poems: POEMS }, settings, cover: Buffer.from('png'), recordings });
    expect(epub.recordings).toHaveLength(2);
    const bytes = await whole(epub);
    expect(bytes.length).toBe(epub.length);
    const files = unzipSync(new Uint8Array(bytes));
    expect([...files['OEBPS/audio/poem-0002.mp3']!]).toEqual([...sound]);
    expect(Object.keys(files).slice(-2)).toEqual(['OEBPS/audio/poem-0002.mp3', 'OEBPS/audio/poem-0003.m4a']);
    const text = (name: string) => strFromU8(files[name]!);

    const smil = text('OEBPS/poem-0002.smil');
    expect(
      [...smil.matchAll(/<text src="([^"]+)"\/>\n<audio src="([^"]+)" clipBegin="([^"]+)" clipEnd="([^"]+)"\/>/g)].map((m) => m.slice(1)),
    ).toEqual([
      ['poem-0002.xhtml#line-1', 'audio/poem-0002.mp3', '0.000s', '1.000s'],
      ['poem-0002.xhtml#line-2', 'audio/poem-0002.mp3', '1.000s', '2.500s'],
      ['poem-0002.xhtml#line-3', 'audio/poem-0002.mp3', '2.500s', '4.000s'],
    ]);
    expect(text('OEBPS/poem-0002.xhtml')).toContain('<span id="line-3" class="line"');
    // Not marked: one par, the whole recording over the whole verse.
    expect(text('OEBPS/poem-0003.smil')).toContain(
      '<text src="poem-0003.xhtml#verse"/>\n<audio src="audio/poem-0003.m4a" clipBegin="0.000s" clipEnd="2.500s"/>',
    );
    expect(text('OEBPS/poem-0003.xhtml')).toContain('<div class="verse" id="verse">');
    // A poem without a recording stays as it was.
    expect(text('OEBPS/poem-0001.xhtml')).not.toContain('id="line-');

    const opf = text('OEBPS/content.opf');
    expect(opf).toContain('<item id="poem-2" href="poem-0002.xhtml" media-type="application/xhtml+xml" media-overlay="overlay-2"/>');
    expect(opf).toContain('<item id="poem-1" href="poem-0001.xhtml" media-type="application/xhtml+xml"/>');
    expect(opf).toContain('<item id="audio-3" href="audio/poem-0003.m4a" media-type="audio/mp4"/>');
    expect(opf).toContain('<meta property="media:duration" refines="#overlay-2">0:00:04.000</meta>');
    expect(opf).toContain('<meta property="media:duration">0:00:06.500</meta>');
    expect(opf).toContain('<meta property="media:narrator" refines="#overlay-2">Ruth &amp; Tom</meta>');
    expect(opf).toContain('<meta property="media:active-class">-epub-media-overlay-active</meta>');
    expect(text('OEBPS/style.css')).toContain('.-epub-media-overlay-active');
  });

  it('stops, rather than send a damaged book, when a recording is not the bytes it was stored as', async () => {
    const short = heard(new Uint8Array(4), { byteSize: 5 });
    const epub = buildEpub({
      book: { publication, poems: POEMS },
      settings,
      cover: Buffer.from('png'),
      recordings: new Map([[1, [short]]]),
    });
    await expect(whole(epub)).rejects.toThrow('is not the 5 bytes it was stored with (4 read)');
  });
});
