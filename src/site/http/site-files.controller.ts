import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CATALOG_READ_API, type CatalogReadApi } from '../../catalog/index.js';
import { headersOf, PUBLIC_CACHE_CONTROL, PublicReadCache } from '../../delivery/index.js';
import { READER_BUNDLE, type ReaderBundle } from '../application/ports/reader-bundle.port.js';
import type { PublicSiteSettings } from '../../../contracts/reader-page.js';
import { SITE_SETTINGS } from '../../settings/index.js';
import { SITE_ICONS, type SiteIcons } from '../application/ports/site-icons.port.js';
import { robotsTxt, sitemapXml, type SitemapEntry } from '../domain/sitemap.js';
import { RecordingsService } from '../../recordings/index.js';
import { RECORDINGS_FEED_PATH, RECORDINGS_PATH } from '../../../contracts/reader-routes.js';
import { podcastFeedXml } from '../application/podcast-feed.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** sitemap.xml, robots.txt, the recordings' podcast feed, the favicons and the reader's hashed assets. */
@ApiExcludeController()
@Controller()
export class SiteFilesController {
  constructor(
    @Inject(CATALOG_READ_API) private readonly catalog: CatalogReadApi,
    @Inject(SITE_SETTINGS) private readonly settings: PublicSiteSettings,
    @Inject(READER_BUNDLE) private readonly bundle: ReaderBundle,
    private readonly cache: PublicReadCache,
    @Inject(SITE_ICONS) private readonly icons: SiteIcons,
    private readonly recordings: RecordingsService,
  ) {}

  @Get('sitemap.xml')
  async sitemap(@Req() req: Request, @Res() res: Response): Promise<void> {
    const version = PublicReadCache.isAnonymous(req) ? this.cache.currentVersion() : undefined;
    const base = this.settings.publicUrl;
    const [publications, poems] = await Promise.all([this.catalog.listPublished(), this.catalog.listPublishedPoems()]);
    const poemsOf = new Map<number, typeof poems>();
    for (const poem of poems) {
      const list = poemsOf.get(poem.publicationId);
      if (list) list.push(poem);
      else poemsOf.set(poem.publicationId, [poem]);
    }
    const entries: SitemapEntry[] = [`/`, `/about`, `/publications`, `/index/first-lines`, `/index/titles`, RECORDINGS_PATH].map(
      (path) => ({
        loc: base + path,
      }),
    );
    const ref = (item: { slug: string; id: number }) => encodeURIComponent(item.slug || String(item.id));
    for (const publication of publications) {
      const book = `${base}/publication/${ref(publication)}`;
      entries.push({ loc: book, lastmod: publication.updatedAt.toISOString() });
      // Poems at their canonical address, inside their book.
      for (const poem of poemsOf.get(publication.id) ?? [])
        entries.push({ loc: `${book}/${ref(poem)}`, lastmod: poem.updatedAt.toISOString() });
    }
    this.sendPublic(req, res, version, sitemapXml(entries), 'application/xml; charset=utf-8');
  }

  /** Every published recording as a podcast (RSS 2.0), in book order; a draft's never. */
  @Get(RECORDINGS_FEED_PATH.slice(1))
  async podcastFeed(@Req() req: Request, @Res() res: Response): Promise<void> {
    const version = PublicReadCache.isAnonymous(req) ? this.cache.currentVersion() : undefined;
    const feed = podcastFeedXml(await this.recordings.published(), this.settings);
    this.sendPublic(req, res, version, feed, 'application/rss+xml; charset=utf-8');
  }

  /**
   * A public read of the whole catalog, as the reader's pages are sent: an ETag (a 304 when the
   * client's copy is current) and kept by the read cache until anything changes.
   */
  private sendPublic(req: Request, res: Response, version: number | undefined, text: string, type: string): void {
    const body = Buffer.from(text);
    const etag = PublicReadCache.etagOf(body);
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
    res.setHeader('ETag', etag);
    this.cache.store(req.originalUrl, version, body, etag, headersOf(res));
    res.status(200).send(body);
  }

  @Get('robots.txt')
  robots(@Res() res: Response): void {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(robotsTxt(this.settings.publicUrl, this.settings.noindex));
  }

  @Get('favicon.svg')
  faviconSvg(@Res() res: Response): void {
    this.sendIcon(res, this.icons.svg, 'image/svg+xml');
  }

  @Get('favicon.ico')
  faviconIco(@Res() res: Response): void {
    this.sendIcon(res, this.icons.ico, 'image/x-icon');
  }

  @Get('apple-touch-icon.png')
  appleTouchIcon(@Res() res: Response): void {
    this.sendIcon(res, this.icons.appleTouch, 'image/png');
  }

  private sendIcon(res: Response, body: Buffer, type: string): void {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.setHeader('ETag', PublicReadCache.etagOf(body));
    res.type(type).send(body);
  }

  /** Hashed file names never change content, so browsers may keep them for a year. */
  @Get('assets/*file')
  asset(@Req() req: Request, @Res() res: Response): void {
    const name = req.path.slice('/assets/'.length);
    const asset = name.includes('/') ? undefined : this.bundle.assets.get(name);
    if (!asset) {
      res.status(404).type('text/plain').setHeader('Cache-Control', 'no-store');
      res.send('Not found');
      return;
    }
    res.setHeader('Content-Type', asset.type);
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('ETag', asset.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    if (req.headers['if-none-match'] === asset.etag) {
      res.status(304).end();
      return;
    }
    const accepts = String(req.headers['accept-encoding'] ?? '');
    let body = asset.body;
    if (asset.brotli && /\bbr\b/.test(accepts)) {
      res.setHeader('Content-Encoding', 'br');
      body = asset.brotli;
    } else if (asset.gzip && /\bgzip\b/.test(accepts)) {
      res.setHeader('Content-Encoding', 'gzip');
      body = asset.gzip;
    }
    res.setHeader('Content-Length', body.length);
    res.status(200).end(req.method === 'HEAD' ? undefined : body);
  }
}
