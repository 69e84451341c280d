import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Poem, Publication } from '../../../contracts/catalog.js';
import { buildEpub } from './epub-book.js';

const publication = (language: string) =>
  ({
    id: 7,
    _id: 7,
    slug: 'gedichte',
    title: 'Gedichte',
    status: 'published',
    authors: ['Hugo von Hofmannsthal'],
    publisher: '',
    publication_date: '1922',
    isbn: '',
    notes: '',
    language,
    updated_at: '2024-02-02T10:00:00.000Z',
  }) as Publication;
const poem = {
  id: 11,
  slug: 'vorfruehling',
  title: 'Vorfrühling',
  body: 'Es läuft der Frühlingswind\ndurch kahle Alleen',
  notes: '',
  page_numbers: [],
} as unknown as Poem;
const settings = { siteName: 'Archiv', poetName: 'Hugo von Hofmannsthal', publicUrl: 'https://poems.example', footerCredit: '' };

describe("an EPUB says its book's language", () => {
  it('in dc:language, the package and every page', () => {
    const epub = buildEpub({ book: { publication: publication('de'), poems: [poem] }, settings, cover: Buffer.from('png') }).head;
    const entries = unzipSync(new Uint8Array(epub));
    const opf = strFromU8(entries['OEBPS/content.opf']!);
    expect(opf).toContain('<dc:language>de</dc:language>');
    expect(opf).toContain('unique-identifier="book-id" xml:lang="de"');
    for (const name of ['OEBPS/cover.xhtml', 'OEBPS/contents.xhtml', 'OEBPS/poem-0001.xhtml'])
      expect(strFromU8(entries[name]!), name).toContain('xml:lang="de" lang="de"');
    expect(strFromU8(entries['OEBPS/poem-0001.xhtml']!)).toContain('<section class="poem" epub:type="chapter" aria-labelledby');
  });

  it("and a poem in another language says its own on its section, the page staying in the book's", () => {
    const poems = [poem, { ...poem, id: 12, slug: 'spring', title: 'Spring', language: 'en' }, { ...poem, id: 13, language: 'de' }];
    const epub = buildEpub({ book: { publication: publication('de'), poems }, settings, cover: Buffer.from('png') }).head;
    const entries = unzipSync(new Uint8Array(epub));
    const english = strFromU8(entries['OEBPS/poem-0002.xhtml']!);
    expect(english).toContain('<section class="poem" epub:type="chapter" xml:lang="en" lang="en" aria-labelledby="title-2">');
    expect(english).toContain(
      '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="de" lang="de">',
    );
    // Its own language the same as the book's: nothing to say again.
    expect(strFromU8(entries['OEBPS/poem-0003.xhtml']!)).toContain('<section class="poem" epub:type="chapter" aria-labelledby="title-3">');
  });
});
