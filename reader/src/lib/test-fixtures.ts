/** Sample records for the reader's unit specs. */
import { contentsEntryOf, type Poem, type PublicSiteSettings, type Publication, type ReaderData } from '../../../contracts/reader-page.js';

export const settings: PublicSiteSettings = {
  siteName: 'The Ana Poet Archive',
  poetName: 'Ana Poet',
  birthDate: '1931-03-03',
  deathDate: '2019-06-09',
  poetTitle: 'Poet and Professor',
  biographyHtml: '<p>Taught literature for forty years.</p>\n<p>Loved by her family.</p>',
  heroText: 'The poetry of Ana Poet, kept by her family.',
  footerCredit: 'Developed by her grandson. Maintained by the family.',
  description: 'The poetry of Ana Poet.',
  publicUrl: 'https://poems.example',
  noindex: false,
};

export function publication(over: Partial<Publication> = {}): Publication {
  return {
    id: 7,
    _id: 7,
    slug: 'river-songs',
    title: 'River Songs',
    status: 'published',
    authors: [],
    publisher: 'Lantern Press',
    publication_date: '1998',
    isbn: '978-0-00-000000-2',
    notes: '',
    language: 'en',
    created_at: '2024-02-01T10:00:00.000Z',
    updated_at: '2024-02-02T10:00:00.000Z',
    deleted_at: null,
    published_at: '2024-02-03T10:00:00.000Z',
    poem_count: 2,
    total_lines: 6,
    total_words: 30,
    proofread_count: 0,
    checked_count: 0,
    revision: 1,
    ...over,
  };
}

export function poem(over: Partial<Poem> = {}): Poem {
  return {
    id: 11,
    slug: 'the-river',
    title: 'The River',
    body: 'The river runs\n  the river sings\n\nand the river keeps its silver things',
    notes: '',
    line_count: 3,
    word_count: 14,
    created_at: '2024-02-01T10:00:00.000Z',
    updated_at: '2024-02-01T10:00:00.000Z',
    publication_id: 7,
    page_numbers: [3],
    position: 0,
    language: null,
    revision: 1,
    ...over,
  };
}

/** A book's reader data: its contents from `poems`, with the texts of `atHand` (all by default). */
export function book(poems: Poem[], pub: Publication = publication(), atHand: Poem[] = poems): ReaderData {
  return { publication: pub, contents: poems.map(contentsEntryOf), poems: atHand, printed_pages: {} };
}
