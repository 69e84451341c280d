import { Inject, Injectable, Logger } from '@nestjs/common';
import { CATALOG_READ_API, type CatalogReadApi } from '../../catalog/index.js';
import { toContentsEntryResponse, toPoemResponse, toPublicationResponse } from '../../catalog/index.js';
import { PUBLIC_CACHE_CONTROL, type PageAnswer, type PublicPages } from '../../delivery/index.js';
import { SearchService } from '../../search/index.js';
import { PoemPages } from '../../scanning/index.js';
import { RecordingsService, toRecordingResponse, type PublishedRecording } from '../../recordings/index.js';
import type { RecordingResponse } from '../../../contracts/recordings.js';
import type { PoemPage } from '../../../contracts/catalog.js';
import { DomainError } from '../../common/domain/domain-error.js';
import { READER_BUNDLE, type ReaderBundle } from './ports/reader-bundle.port.js';
import {
  POEM_NOT_FOUND,
  hydrationState,
  pageLanguage,
  poemIndexOf,
  READER_DATA_ELEMENT_ID,
  READER_ROOT_ELEMENT_ID,
  type BootData,
  type IndexKind,
  type Load,
  type LoadError,
  type PageState,
  type PoemData,
  type PublicSiteSettings,
  type RecordedBook,
  type RenderResult,
  type StaticPageState,
} from '../../../contracts/reader-page.js';
import { matchPage, matchStaticPage, RECORDINGS_FEED_PATH, type PageRoute } from '../../../contracts/reader-routes.js';
import { buildIndex } from './poem-indexes.js';
import { SITE_SETTINGS } from '../../settings/index.js';
import { SITE_ICON_TAGS } from '../domain/site-icon.js';
import { THEME_SCRIPT } from './theme-script.js';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../common/database-unavailable.js';
import { escapeXml } from '../domain/sitemap.js';

const HTML_TYPE = 'text/html; charset=utf-8';
const VISITOR = { staff: false } as const;

/** The publications a page shows, so an edit elsewhere keeps it cached; undefined: it shows the whole catalog. */
function publicationsShown(page: PageState): number[] | undefined {
  if (page.route === 'publication' && page.reader.state === 'ready') return [page.reader.data.publication.id];
  if (page.route === 'poem' && page.poem.state === 'ready') return [page.poem.data.poem.publication_id];
  if (page.route === 'print' && page.book.state === 'ready') return [page.book.data.publication.id];
  return undefined;
}

/** A rendered document as delivery sends it: the page's own headers, its status, the publications it shows. */
function pageAnswer({ body, status }: { body: string; status: number }, publicationIds?: number[]): PageAnswer {
  const headers: Record<string, string> = {
    'content-type': HTML_TYPE,
    'cache-control': status >= 500 ? 'no-store' : PUBLIC_CACHE_CONTROL,
    vary: 'Cookie',
  };
  if (status === 503) headers['retry-after'] = String(DATABASE_RETRY_AFTER_SECONDS);
  return { status, body: Buffer.from(body), headers, publicationIds };
}

function notBuilt(): PageAnswer {
  const body = Buffer.from('The reader has not been built. Run "npm run build:reader" (or "npm run build") and restart.');
  return { status: 503, body, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '30', 'cache-control': 'no-store' } };
}

/** Published recordings (in book order) grouped by book, then by poem, as the recordings page lists them. */
function recordedBooks(heard: PublishedRecording[]): RecordedBook[] {
  const books: RecordedBook[] = [];
  for (const { publication, poem, recording } of heard) {
    let book = books[books.length - 1];
    if (book?.publication.id !== publication.id) books.push((book = { publication: toPublicationResponse(publication), poems: [] }));
    let entry = book.poems[book.poems.length - 1];
    if (entry?.poem.id !== poem.id)
      book.poems.push((entry = { poem: { ...toContentsEntryResponse(poem), language: poem.language }, recordings: [] }));
    entry.recordings.push(toRecordingResponse(recording));
  }
  return books;
}

/**
 * Server rendering of the reader's pages. Data comes in-process from the catalog as a visitor
 * sees it (drafts and trash never appear), is rendered by the reader's server bundle and embedded
 * as JSON so the browser hydrates without fetching it again.
 *
 * Delivery (src/delivery) asks for a page by its address ahead of Express and Nest, and sends
 * it: with an ETag (a returning browser gets a 304), compressed, and for visitors kept in the read
 * cache with the publication it shows, so an edit to that publication (or to the whole catalog,
 * for lists) on any replica drops it and a cached page is never stale.
 */
@Injectable()
export class SitePages implements PublicPages {
  private readonly logger = new Logger('SitePages');

  constructor(
    @Inject(CATALOG_READ_API) private readonly catalog: CatalogReadApi,
    @Inject(SITE_SETTINGS) private readonly settings: PublicSiteSettings,
    @Inject(READER_BUNDLE) private readonly bundle: ReaderBundle,
    private readonly searching: SearchService,
    private readonly pages: PoemPages,
    private readonly recordings: RecordingsService,
  ) {}

  /** A published poem's recordings, as a visitor hears them; none when they cannot be read (the poem shows regardless). */
  private recordingsOf(poemRef: string): Promise<RecordingResponse[]> {
    return this.recordings.ofPoem(poemRef, VISITOR).then(
      (found) => found.map(toRecordingResponse),
      (err: unknown) => {
        this.logger.warn(`Recordings of ${poemRef}: ${err instanceof Error ? err.message : String(err)}`);
        return [];
      },
    );
  }

  /**
   * The photos of a poem's printed pages, read beside the poem itself (which decides whether a
   * visitor sees it, and with it these); none when they cannot be read (the page shows the text
   * regardless).
   */
  private printedPages(poemRef: string): Promise<PoemPage[]> {
    return this.pages.ofPoemShown(poemRef).catch((err: unknown) => {
      this.logger.warn(`Printed pages of ${poemRef}: ${err instanceof Error ? err.message : String(err)}`);
      return [];
    });
  }

  private failure(err: unknown): LoadError {
    // A rule of the archive (not found, a refused search): its own status and words.
    if (err instanceof DomainError && err.status < 500) return { status: err.status, message: err.message };
    // An outage: the page shows the retry panel and answers 503 with Retry-After.
    if (isDatabaseUnavailable(err)) return { status: 503, message: DATABASE_UNAVAILABLE_MESSAGE };
    this.logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    return { status: 500, message: 'Internal server error' };
  }

  async list(route: 'home' | 'publications'): Promise<PageState> {
    try {
      return { route, list: { state: 'ready', data: (await this.catalog.listPublished()).map(toPublicationResponse) } };
    } catch (err) {
      return { route, list: { state: 'error', error: this.failure(err) } };
    }
  }

  /** A book's contents, or with `poem` that poem read inside the book; only the texts the page shows travel with it. */
  async publication(ref: string, poem?: string): Promise<PageState> {
    try {
      const [found, printed, heard] = await Promise.all([
        this.catalog.readBook(ref, poem, VISITOR),
        poem === undefined ? [] : this.printedPages(poem),
        poem === undefined ? [] : this.recordingsOf(poem),
      ]);
      const contents = found.contents.map(toContentsEntryResponse);
      const at = poem === undefined ? -1 : poemIndexOf(contents, poem);
      if (poem !== undefined && at < 0) return { route: 'publication', ref, poem, reader: { state: 'error', error: POEM_NOT_FOUND } };
      const printed_pages = at < 0 ? {} : { [String(contents[at]!.id)]: printed };
      const recordings = at < 0 ? {} : { [String(contents[at]!.id)]: heard };
      const data = {
        publication: toPublicationResponse(found.publication),
        contents,
        poems: found.poems.map(toPoemResponse),
        printed_pages,
        recordings,
      };
      return { route: 'publication', ref, poem, reader: { state: 'ready', data } };
    } catch (err) {
      return { route: 'publication', ref, poem, reader: { state: 'error', error: this.failure(err) } };
    }
  }

  /** An index of the whole archive, or with `ref` of one book. */
  async index(kind: IndexKind, ref?: string): Promise<PageState> {
    try {
      if (ref === undefined) {
        const [found, foundPoems] = await Promise.all([this.catalog.listPublished(), this.catalog.listPublishedPoems()]);
        const publications = found.map(toPublicationResponse);
        const poems = foundPoems.map(toPoemResponse);
        const byId = new Map(publications.map((p) => [p.id, p]));
        return {
          route: 'index',
          kind,
          index: { state: 'ready', data: { kind, publication: null, entries: buildIndex(kind, poems, byId) } },
        };
      }
      const found = await this.catalog.getPublicationWithPoems(ref, VISITOR);
      const publication = toPublicationResponse(found.publication);
      const poems = found.poems.map(toPoemResponse);
      const entries = buildIndex(kind, poems, new Map([[publication.id, publication]]));
      return { route: 'index', kind, ref, index: { state: 'ready', data: { kind, publication, entries } } };
    } catch (err) {
      return { route: 'index', kind, ref, index: { state: 'error', error: this.failure(err) } };
    }
  }

  async poem(ref: string): Promise<PageState> {
    try {
      const [{ poem, publication }, printed_pages, recordings] = await Promise.all([
        this.catalog.getPoemWithPublication(ref, VISITOR),
        this.printedPages(ref),
        this.recordingsOf(ref),
      ]);
      const loaded: Load<PoemData> = {
        state: 'ready',
        data: { poem: toPoemResponse(poem), publication: toPublicationResponse(publication), printed_pages, recordings },
      };
      return { route: 'poem', ref, poem: loaded };
    } catch (err) {
      return { route: 'poem', ref, poem: { state: 'error', error: this.failure(err) } };
    }
  }

  /** A whole book with every poem's text, for its print edition. */
  async print(ref: string): Promise<PageState> {
    try {
      const found = await this.catalog.getPublicationWithPoems(ref, VISITOR);
      const data = { publication: toPublicationResponse(found.publication), poems: found.poems.map(toPoemResponse) };
      return { route: 'print', ref, book: { state: 'ready', data } };
    } catch (err) {
      return { route: 'print', ref, book: { state: 'error', error: this.failure(err) } };
    }
  }

  /** Search results; a blank q shows the form alone, a refused one (too long) a 400 page. */
  async search(q: string): Promise<PageState> {
    const nothing = { q: '', poems: [], poem_total: 0, publications: [], publication_total: 0, did_you_mean: null };
    try {
      return { route: 'search', q, results: { state: 'ready', data: q.trim() ? await this.searching.search(q) : nothing } };
    } catch (err) {
      const error = this.failure(err);
      return { route: 'search', q, results: { state: 'error', error } };
    }
  }

  /** Every published recording, book by book in the reader's order, poems in reading order. */
  async recordingsPage(): Promise<StaticPageState> {
    try {
      return { route: 'recordings', recordings: { state: 'ready', data: { books: recordedBooks(await this.recordings.published()) } } };
    } catch (err) {
      return { route: 'recordings', recordings: { state: 'error', error: this.failure(err) } };
    }
  }

  /** The page an address names (a path and its query), or undefined when it names none. */
  find(url: string): (() => Promise<PageAnswer>) | undefined {
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    if (matchStaticPage(path)) return () => this.answerStatic();
    const route = matchPage(path);
    if (!route) return undefined;
    return () => this.answer(route, query < 0 ? '' : url.slice(query + 1));
  }

  /** Loads and renders one page. */
  async answer(route: PageRoute, query = ''): Promise<PageAnswer> {
    if (!this.bundle.ready) return notBuilt();
    const page = await this.load(route, query);
    const entry = this.bundle.entry!;
    const boot: BootData = { page: hydrationState(page), settings: this.settings };
    const app = {
      tags: this.bundle.clientTags,
      data: `\n<script type="application/json" id="${READER_DATA_ELEMENT_ID}">${entry.serializeForScript(boot)}</script>`,
    };
    return pageAnswer(this.document(entry.render(page, this.settings), pageLanguage(page), app), publicationsShown(page));
  }

  /** The recordings page: rendered whole, with no reader app (nothing on it needs a script). */
  async answerStatic(): Promise<PageAnswer> {
    if (!this.bundle.ready) return notBuilt();
    const rendered = this.bundle.entry!.renderStatic(await this.recordingsPage(), this.settings);
    return pageAnswer(this.document(rendered, 'en'));
  }

  private load(route: PageRoute, query: string): Promise<PageState> {
    switch (route.route) {
      case 'home':
      case 'publications':
        return this.list(route.route);
      case 'about':
        return Promise.resolve({ route: 'about' });
      case 'publication':
        return this.publication(route.ref, route.poem);
      case 'poem':
        return this.poem(route.ref);
      case 'index':
        return this.index(route.kind, route.ref);
      case 'search':
        return this.search(new URLSearchParams(query).get('q') ?? '');
      case 'print':
        return this.print(route.ref);
    }
  }

  /**
   * The whole HTML document of a rendered page: with `app`, the reader's script and the data it
   * hydrates from; without, a page the app does not run on (marked so, for the styles). Every page
   * names the recordings' podcast feed, so a browser or a podcast app finds it from any of them.
   */
  document({ html, head, status }: RenderResult, lang: string, app?: { tags: string; data: string }): { body: string; status: number } {
    const feed = `<link rel="alternate" type="application/rss+xml" title="${escapeXml(`${this.settings.siteName}: Recordings`)}" href="${escapeXml(this.settings.publicUrl + RECORDINGS_FEED_PATH)}">`;
    const body = `<!doctype html>
<html lang="${lang.replace(/[^A-Za-z0-9-]/g, '')}"${app ? '' : ` data-app="none"`}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)">
<meta name="theme-color" content="#111827" media="(prefers-color-scheme: dark)">
<script>${THEME_SCRIPT}</script>
${SITE_ICON_TAGS}
${head}
${feed}
${app?.tags ?? this.bundle.styleTags}
</head>
<body>
<div id="${READER_ROOT_ELEMENT_ID}">${html}</div>${app?.data ?? ''}
</body>
</html>
`;
    return { body, status };
  }
}
