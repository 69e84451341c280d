/**
 * What the API process hands to the reader's server bundle and what the server bundle hands
 * back. Shared by src/site (Nest) and reader/src (React).
 */
import type { Poem, Publication } from './catalog.js';
import type { LoadError } from './errors.js';
import type { SearchResults } from './search.js';

export type { LoadError, Poem, Publication };

/** The settings the pages need; never secrets, since they travel to the browser. */
export interface PublicSiteSettings {
  siteName: string;
  poetName: string;
  /** ISO dates (YYYY-MM-DD); absent when unknown. */
  birthDate?: string;
  deathDate?: string;
  /** Short line under the poet's name, e.g. "Poet and Professor of Literature". */
  poetTitle: string;
  biography: { career: string[]; family: string[] };
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

export interface ReaderData {
  publication: Publication;
  poems: Poem[];
}

export interface PoemData {
  poem: Poem;
  /** The collection the poem belongs to; null when it could not be loaded. */
  publication: Publication | null;
}

export type PageState =
  | { route: 'home'; list: Load<Publication[]> }
  | { route: 'publications'; list: Load<Publication[]> }
  | { route: 'publication'; ref: string; reader: Load<ReaderData> }
  | { route: 'poem'; ref: string; poem: Load<PoemData> }
  /** /search?q=: `q` as typed; an empty q is the search form alone (ready, nothing found). */
  | { route: 'search'; q: string; results: Load<SearchResults> };

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
  /** Escapes a value for a <script type="application/json"> block. */
  serializeForScript(value: unknown): string;
}

export const READER_DATA_ELEMENT_ID = 'reader-data';
export const READER_ROOT_ELEMENT_ID = 'root';
