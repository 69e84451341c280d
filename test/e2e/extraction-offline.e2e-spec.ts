import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedPoem } from '../../src/scanning/application/ports/extraction.port.js';
import { OfflinePoemExtractor } from '../../src/scanning/infrastructure/extraction/offline/offline-poem.extractor.js';
import { normalisePageImage } from '../../src/scanning/infrastructure/images/page-image.intake.js';
import {
  EVERY_LINE_TURNS_POEMS,
  LONG_LINED_POEMS,
  PREFACE_AND_POEM,
  renderBookPages,
  renderMetadataPages,
  sampleBook,
  type RenderedBook,
} from '../support/page-photos/page-photos.mjs';

/**
 * The offline extractor (Tesseract plus layout analysis) on rendered photographs of book pages:
 * tilted 1-2 degrees, noisy, JPEG-compressed, with running headers and printed page numbers.
 * Pages 11-13 of the sample book hold a poem alone, a poem running from page 11 onto page 12,
 * and two poems on page 13.
 */

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const curr = [i];
    for (let j = 1; j <= b.length; j++) curr[j] = Math.min(prev[j] + 1, curr[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = curr;
  }
  return prev[b.length];
}

/** Shape of a body: per line its indentation, or 'stanza' for the empty line between stanzas. */
const shape = (body: string) => body.split('\n').map((l) => (l.trim() === '' ? 'stanza' : l.length - l.trimStart().length));

/**
 * Reads rendered pages and holds each poem to the printed one: its title, its lines, stanza breaks and
 * indentation, and under 1% of its characters wrong.
 */
async function expectReadAsPrinted(printed: RenderedBook): Promise<void> {
  const read = await extractor.extractPoems(await Promise.all(printed.pages.map((p, i) => normalisePageImage(p.image, i))));
  expect(read.map((p) => p.title)).toEqual(printed.poems.map((p) => p.title));
  for (const [i, truth] of printed.poems.entries()) {
    expect(shape(read[i].body), truth.title).toEqual(shape(truth.body));
    expect(levenshtein(truth.body, read[i].body) / truth.body.length, truth.title).toBeLessThan(0.01);
  }
}

let cache: string;
let extractor: OfflinePoemExtractor;
let book: RenderedBook;
let poems: ExtractedPoem[];
const progress: Array<[number, number]> = [];

beforeAll(async () => {
  cache = mkdtempSync(join(tmpdir(), 'extraction-offline-'));
  extractor = new OfflinePoemExtractor({ cachePath: cache });
  book = await renderBookPages(sampleBook(), { maxPages: 3, seed: 7 });
  const pages = await Promise.all(book.pages.map((p, i) => normalisePageImage(p.image, i)));
  poems = await extractor.extractPoems(pages, (p) => progress.push([p.pagesDone, p.pagesTotal]));
});

afterAll(async () => {
  await extractor?.close();
  if (cache) rmSync(cache, { recursive: true, force: true });
});

describe('offline extraction of poem pages', () => {
  it('renders the pages the scenario needs', () => {
    expect(book.pages.map((p) => p.pageNumber)).toEqual([11, 12, 13]);
    expect(book.pages.every((p) => Math.abs(p.angle) >= 1 && Math.abs(p.angle) <= 2)).toBe(true);
    expect(book.poems.map((p) => [p.title, p.page_numbers])).toEqual([
      ['The Orchard in Winter', [11]],
      ['Letter to My Students', [11, 12]],
      ['Small Hours', [13]],
      ['Harbour Lights', [13]],
    ]);
  });

  it('finds every poem with its title, page numbers and source pages, joining the one that runs over a page', () => {
    expect(poems.map((p) => ({ title: p.title, page_numbers: p.page_numbers, source_pages: p.source_pages }))).toEqual([
      { title: 'The Orchard in Winter', page_numbers: [11], source_pages: [0] },
      { title: 'Letter to My Students', page_numbers: [11, 12], source_pages: [0, 1] },
      { title: 'Small Hours', page_numbers: [13], source_pages: [2] },
      { title: 'Harbour Lights', page_numbers: [13], source_pages: [2] },
    ]);
    expect(progress.at(-1)).toEqual([3, 3]);
  });

  it('keeps every line, stanza break and indentation as printed', () => {
    for (const [i, printed] of book.poems.entries()) {
      expect(shape(poems[i].body), printed.title).toEqual(shape(printed.body));
    }
    // The joined poem reads straight across the page turn, mid-stanza.
    expect(poems[1].body).toContain(
      '    and someone always laughed at the wrong line,\n    and someone always saw the storm was forming.\n\nI taught you meter',
    );
  });

  it('reads the words with a character error rate under 1%, leaving out headers and page numbers', () => {
    const printed = book.poems.map((p) => p.body).join('\n');
    const read = poems.map((p) => p.body).join('\n');
    expect(levenshtein(printed, read) / printed.length).toBeLessThan(0.01);
    expect(read).not.toMatch(/ORCHARD YEARS|WHITFIELD/i);
    expect(read.split('\n').some((l) => /^\s*\d+\s*$/.test(l))).toBe(false);
  });
});

describe('offline extraction of lines the printer turned over', () => {
  for (const bracket of [false, true]) {
    it(`rejoins each turned-over line into one line of the poem${bracket ? ', its end opened with a bracket' : ', its end set flush right'}`, async () => {
      await expectReadAsPrinted(await renderBookPages(sampleBook({ poems: LONG_LINED_POEMS }), { seed: 5, turnoverBracket: bracket }));
    });
  }

  it('rejoins every line of a poem whose every line turns over, hanging an em in, not read as alternate indentation', async () => {
    await expectReadAsPrinted(await renderBookPages(sampleBook({ poems: EVERY_LINE_TURNS_POEMS }), { seed: 5, turnoverIndent: 1 }));
  });
});

describe('offline extraction of prose', () => {
  it('keeps a preface’s paragraphs as printed, with no first-line indent, and the poem after it as set', async () => {
    await expectReadAsPrinted(await renderBookPages(sampleBook({ poems: PREFACE_AND_POEM }), { seed: 5 }));
  });
});

describe('offline extraction of pages marked in the margin', () => {
  it('reads pages with a dot, specks and a pencil tick left of the text as it reads them clean', async () => {
    await expectReadAsPrinted(await renderBookPages(sampleBook(), { maxPages: 2, seed: 7, marginMarks: true }));
  });
});

describe('offline extraction of a photo stored sideways', () => {
  it('reads a page whose camera stored it turned, with an EXIF orientation tag saying so', async () => {
    // Orientation 6: the pixels lie rotated a quarter turn anticlockwise; viewers turn them back.
    const sideways = await sharp(book.pages[2].image).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 80 }).toBuffer();
    const read = await extractor.extractPoems([await normalisePageImage(sideways, 0)]);
    expect(read.map((p) => [p.title, p.page_numbers])).toEqual([
      ['Small Hours', [13]],
      ['Harbour Lights', [13]],
    ]);
    expect(shape(read[0].body)).toEqual(shape(book.poems[2].body));
  });
});

describe('offline extraction of metadata', () => {
  it('reads title, author, publisher, date and ISBN from cover, title and copyright photos, and proposes their language', async () => {
    const rendered = await renderMetadataPages(sampleBook(), { seed: 3 });
    const images = await Promise.all(rendered.pages.map((p, i) => normalisePageImage(p.image, i)));
    const metadata = await extractor.extractMetadata(images);
    expect(metadata).toEqual({ ...rendered.metadata, notes: '', language: 'en' });
    expect(metadata.isbn).toBe('0-9612345-3-9');
  });
});
