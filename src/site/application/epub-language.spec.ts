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
  });
});
