import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CatalogQueries } from '../catalog/application/catalog-queries.js';
import { PUBLIC_CACHE_CONTROL, PublicReadCache } from '../delivery/public-read-cache.js';
import { ReaderBundle } from './reader-bundle.js';
import {
  READER_DATA_ELEMENT_ID,
  READER_ROOT_ELEMENT_ID,
  type BootData,
  type Load,
  type LoadError,
  type PageState,
  type PublicSiteSettings,
} from '../../contracts/reader-page.js';
import { SITE_SETTINGS } from './site-settings.js';

const HTML_TYPE = 'text/html; charset=utf-8';
const VISITOR = { staff: false } as const;

/** The publications a page shows, so an edit elsewhere keeps it cached; undefined: it shows the whole catalog. */
function publicationsShown(page: PageState): number[] | undefined {
  if (page.route === 'publication' && page.reader.state === 'ready') return [page.reader.data.publication.id];
  if (page.route === 'poem' && page.poem.state === 'ready') return [page.poem.data.poem.publication_id];
  return undefined;
}

function catalogCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Server rendering of the reader's pages. Data comes in-process from the catalog as a visitor
 * sees it (drafts and trash never appear), is rendered by the reader's server bundle and embedded
 * as JSON so the browser hydrates without fetching it again.
 *
 * Caching: a 200 page is stored in the PublicReadCache (src/delivery) with the publication it
 * shows, under the change token read before the data; a change to that publication (or to the
 * whole catalog, for lists) on any replica drops it, so a cached page is never stale. Repeat
 * anonymous requests are answered by the cache before routing, and every page carries an ETag
 * with must-revalidate, so a returning browser gets a 304.
 */
@Injectable()
export class SitePages {
  private readonly logger = new Logger('SitePages');

  constructor(
    @Inject(CatalogQueries) private readonly catalog: CatalogQueries,
    @Inject(SITE_SETTINGS) private readonly settings: PublicSiteSettings,
    private readonly bundle: ReaderBundle,
    private readonly cache: PublicReadCache,
  ) {}

  private failure(err: unknown, notFoundCode: string, notFoundMessage: string): LoadError {
    if (catalogCode(err) === notFoundCode) return { status: 404, message: notFoundMessage };
    this.logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    return { status: 500, message: 'Internal server error' };
  }

  async list(route: 'home' | 'publications'): Promise<PageState> {
    try {
      return { route, list: { state: 'ready', data: await this.catalog.listPublished() } };
    } catch (err) {
      return { route, list: { state: 'error', error: this.failure(err, '', '') } };
    }
  }

  async publication(ref: string): Promise<PageState> {
    let reader: PageState & { route: 'publication' };
    try {
      const publication = await this.catalog.getPublication(ref, VISITOR);
      const poems = await this.catalog.listPoems(publication.id, VISITOR);
      reader = { route: 'publication', ref, reader: { state: 'ready', data: { publication, poems } } };
    } catch (err) {
      reader = { route: 'publication', ref, reader: { state: 'error', error: this.failure(err, 'CATALOG.PUBLICATION_NOT_FOUND', 'Publication not found') } };
    }
    return reader;
  }

  async poem(ref: string): Promise<PageState> {
    try {
      const poem = await this.catalog.getPoem(ref, VISITOR);
      const publication = await this.catalog.getPublication(poem.publication_id, VISITOR).catch(() => null);
      const loaded: Load<{ poem: typeof poem; publication: typeof publication }> = { state: 'ready', data: { poem, publication } };
      return { route: 'poem', ref, poem: loaded };
    } catch (err) {
      return { route: 'poem', ref, poem: { state: 'error', error: this.failure(err, 'CATALOG.POEM_NOT_FOUND', 'Poem not found') } };
    }
  }

  /** Loads, renders and answers one page. */
  async serve(req: Request, res: Response, load: () => Promise<PageState>): Promise<void> {
    if (!this.bundle.ready) {
      res.status(503).type('text/plain').setHeader('Retry-After', '30');
      res.send('The reader has not been built. Run "npm run build:reader" (or "npm run build") and restart.');
      return;
    }
    const anonymous = PublicReadCache.isAnonymous(req);
    const version = anonymous ? this.cache.currentVersion() : undefined;
    const page = await load();
    const { body, status } = this.document(page);
    const buffer = Buffer.from(body);
    const etag = PublicReadCache.etagOf(buffer);
    res.status(status);
    res.setHeader('Content-Type', HTML_TYPE);
    res.setHeader('Cache-Control', status >= 500 ? 'no-store' : PUBLIC_CACHE_CONTROL);
    res.setHeader('Vary', 'Cookie');
    res.setHeader('ETag', etag);
    if (status === 200 && anonymous) this.cache.store(req.originalUrl, version, buffer, etag, res, publicationsShown(page));
    if (status === 200 && req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Length', buffer.length);
    res.end(req.method === 'HEAD' ? undefined : buffer);
  }

  /** The whole HTML document for a page state. */
  document(page: PageState): { body: string; status: number } {
    const entry = this.bundle.entry!;
    const { html, head, status } = entry.render(page, this.settings);
    const boot: BootData = { page, settings: this.settings };
    const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#2563eb">
<link rel="icon" href="data:,">
${head}
${this.bundle.clientTags}
</head>
<body>
<div id="${READER_ROOT_ELEMENT_ID}">${html}</div>
<script type="application/json" id="${READER_DATA_ELEMENT_ID}">${entry.serializeForScript(boot)}</script>
</body>
</html>
`;
    return { body, status };
  }
}
