/**
 * What the API process hands to the reader's server bundle and what the server bundle hands
 * back. Shared by src/site (Nest) and reader/src (React).
 */
import type { Poem, PoemPage, Publication } from './catalog.js';
import type { LoadError } from './errors.js';
import type { RecordingResponse } from './recordings.js';
import type { SearchResults } from './search.js';

export type { LoadError, Poem, PoemPage, Publication, RecordingResponse };

/** The settings the pages need; never secrets, since they travel to the browser. */
export interface PublicSiteSettings {
  siteName: string;
  poetName: string;
  /** ISO dates (YYYY-MM-DD); absent when unknown. */
  birthDate?: string;
  deathDate?: string;
  /** Short line under the poet's name, e.g. "Poet and Professor of Literature". */
  poetTitle: string;
  /** The biography as safe HTML (Markdown rendered, then sanitised on the server): paragraphs, links, emphasis, lists. */
  biographyHtml: string;
  /** The line under the home page's heading. */
  heroText: string;
  /** The poet's portrait (4:5), when the curators gave one. */
  portrait?: { url: string; width: number; height: number };
  footerCredit: string;
  /** Description of the whole site, used on home and the collections page. */
  description: string;
  /** Canonical origin without a trailing slash. */
  publicUrl: string;
  webVitalsEndpoint?: string;
  /** Ask search engines to skip the whole site (e.g. a staging copy). */
  noindex: boolean;
}

export type Load<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'error'; error: LoadError };

/** A line of a book's contents: a poem's name, its counts and where it leads, without its text. */
export interface ContentsEntry {
  id: number;
  slug: string;
  title: string;
  line_count: number;
  word_count: number;
}

export interface ReaderData {
  publication: Publication;
  /** Every poem of the book in reading order, as its contents list it. */
  contents: ContentsEntry[];
  /**
   * The poems whose text is at hand, in reading order. A page from the server brings only the
   * poem its address names and the book's opening poem (its first poem with text, which the book's
   * social card quotes), so a poem's page never carries the whole book; the reader adds each
   * poem it fetches on the way.
   */
  poems: Poem[];
  /**
   * The printed pages (photos of the book's pages) of the poems whose text is at hand, by poem id;
   * a poem not listed has not been asked for yet (the reader fetches them when it shows the poem).
   */
  printed_pages: Record<string, PoemPage[]>;
  /** The recordings of the poems whose text is at hand, by poem id, like printed_pages (fetched when absent). */
  recordings?: Record<string, RecordingResponse[]>;
}

/** The contents line of a poem. */
export function contentsEntryOf(poem: Poem): ContentsEntry {
  return { id: poem.id, slug: poem.slug, title: poem.title, line_count: poem.line_count, word_count: poem.word_count };
}

/** The text of the book's poem at `index` of its contents, when at hand. */
export function poemAt(data: ReaderData, index: number): Poem | undefined {
  const id = data.contents[index]?.id;
  return id === undefined ? undefined : data.poems.find((p) => p.id === id);
}

export interface PoemData {
  poem: Poem;
  /** The collection the poem belongs to; null when it could not be loaded. */
  publication: Publication | null;
  /** Photos of the printed pages the poem was read from; absent when not asked for yet. */
  printed_pages?: PoemPage[];
  /** Recordings of the poem read aloud, in their order; absent when not asked for yet. */
  recordings?: RecordingResponse[];
}

/** A whole book with every poem's text: its print edition and its download. */
export interface BookData {
  publication: Publication;
  /** In reading order. */
  poems: Poem[];
}

/** The two indexes the archive keeps, of the whole archive and of each book. */
export type IndexKind = 'first-lines' | 'titles';

/** One line of an index: what it is sorted by, and the poem's address. */
export interface IndexEntry {
  /** The first line or the title. */
  text: string;
  /** Letter it is filed under ("#" for anything that does not start with a letter). */
  letter: string;
  poem_title: string;
  poem_ref: string;
  publication_ref: string;
  publication_title: string;
}

export interface IndexData {
  kind: IndexKind;
  /** The book the index belongs to; null for the whole archive. */
  publication: Publication | null;
  /** Sorted as the index reads. */
  entries: IndexEntry[];
}

export type PageState =
  | { route: 'home'; list: Load<Publication[]> }
  | { route: 'publications'; list: Load<Publication[]> }
  /** About the poet: shown from the site settings alone. */
  | { route: 'about' }
  /** A book: its contents, or with `poem` (a poem's slug or id) one poem at its own address. */
  | { route: 'publication'; ref: string; poem?: string; reader: Load<ReaderData> }
  | { route: 'poem'; ref: string; poem: Load<PoemData> }
  /** An index of first lines or titles; `ref` names the book, absent for the whole archive. */
  | { route: 'index'; kind: IndexKind; ref?: string; index: Load<IndexData> }

  /** /search?q=: `q` as typed; an empty q is the search form alone (ready, nothing found). */
  | { route: 'search'; q: string; results: Load<SearchResults> }
  /** A whole book set for paper: title page, contents, a poem a page. */
  | { route: 'print'; ref: string; book: Load<BookData> };

/** A published book's poems that have been read aloud, in reading order, each with its recordings in their order. */
export interface RecordedBook {
  publication: Publication;
  /** Each poem with its own language (null: the book's), for its title's `lang`. */
  poems: Array<{ poem: ContentsEntry & Pick<Poem, 'language'>; recordings: RecordingResponse[] }>;
}

/** The recordings page: every published recording, book by book in the reader's order. */
export interface RecordingsData {
  books: RecordedBook[];
}

/**
 * A page the server renders whole, with no reader app in the browser: nothing on it needs a script
 * (the recordings page's players are the browser's own), so it adds nothing to the reader's code.
 */
export type StaticPageState = { route: 'recordings'; recordings: Load<RecordingsData> };

/** What the client reads on hydration from the JSON data block. */
export interface BootData {
  page: PageState;
  settings: PublicSiteSettings;
}

export interface RenderResult {
  /** Markup for inside the root element. */
  html: string;
  /** Markup for inside <head>: title, meta, canonical, cards, JSON-LD. */
  head: string;
  /** HTTP status the page stands for (200, 404, 500). */
  status: number;
}

/** The module dist/reader/server/entry-server.js exports. */
export interface ReaderServerEntry {
  render(page: PageState, settings: PublicSiteSettings): RenderResult;
  /** A page with no reader app in the browser: its markup and head only. */
  renderStatic(page: StaticPageState, settings: PublicSiteSettings): RenderResult;
  /** Escapes a value for a <script type="application/json"> block. */
  serializeForScript(value: unknown): string;
}

export const READER_DATA_ELEMENT_ID = 'reader-data';
/** localStorage key of the visitor's theme choice ('light' or 'dark'); absent: follow the system. */
export const THEME_STORAGE_KEY = 'reader-theme';
export const READER_ROOT_ELEMENT_ID = 'root';

/** Where the poem a book address names (by slug or id) stands in the book; -1 when it is not there. */
export function poemIndexOf(poems: readonly Pick<Poem, 'slug' | 'id'>[], ref: string): number {
  return poems.findIndex((p) => p.slug === ref || String(p.id) === ref);
}

/** The error of a book address whose poem the book does not hold (or not publicly). */
export const POEM_NOT_FOUND: LoadError = { status: 404, message: 'Poem not found' };

export function isPoemNotFound(error: LoadError): boolean {
  return error.status === POEM_NOT_FOUND.status && error.message === POEM_NOT_FOUND.message;
}

/**
 * The language a page is written in, for `<html lang>`: a book's pages (its contents, its poems,
 * its print edition) are in the book's language; the archive's own pages are English.
 */
export function pageLanguage(page: PageState): string {
  const ready = <T>(load: Load<T>) => (load.state === 'ready' ? load.data : undefined);
  const publication =
    page.route === 'publication'
      ? ready(page.reader)?.publication
      : page.route === 'poem'
        ? ready(page.poem)?.publication
        : page.route === 'print'
          ? ready(page.book)?.publication
          : undefined;
  return publication?.language || 'en';
}

/**
 * The page state the browser hydrates from (the page's JSON data block). The print edition's poems
 * are left out: the browser adopts the book from the server's markup (reader/src/components/
 * server-markup.tsx) and never renders it, so sending them again would only double the page.
 */
export function hydrationState(page: PageState): PageState {
  if (page.route !== 'print' || page.book.state !== 'ready') return page;
  return { ...page, book: { state: 'ready', data: { ...page.book.data, poems: [] } } };
}
