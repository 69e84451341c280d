import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CatalogQueries } from '../catalog/application/catalog-queries.js';
import { PUBLIC_CACHE_CONTROL, PublicReadCache } from '../delivery/public-read-cache.js';
import { ReaderBundle } from './reader-bundle.js';
import type { PublicSiteSettings } from '../../contracts/reader-page.js';
import { SITE_SETTINGS } from './site-settings.js';
import { robotsTxt, sitemapXml, type SitemapEntry } from './sitemap.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** sitemap.xml, robots.txt and the reader's hashed assets. */
@ApiExcludeController()
@Controller()
export class SiteFilesController {
  constructor(
    @Inject(CatalogQueries) private readonly catalog: CatalogQueries,
    @Inject(SITE_SETTINGS) private readonly settings: PublicSiteSettings,
    private readonly bundle: ReaderBundle,
    private readonly cache: PublicReadCache,
  ) {}

  @Get('sitemap.xml')
  async sitemap(@Req() req: Request, @Res() res: Response): Promise<void> {
    const version = PublicReadCache.isAnonymous(req) ? this.cache.currentVersion() : undefined;
    const base = this.settings.publicUrl;
    const [publications, poems] = await Promise.all([this.catalog.listPublished(), this.catalog.listPublishedPoems()]);
    const poemsOf = new Map<number, typeof poems>();
    for (const poem of poems) {
      const list = poemsOf.get(poem.publication_id);
      if (list) list.push(poem);
      else poemsOf.set(poem.publication_id, [poem]);
    }
    const entries: SitemapEntry[] = [{ loc: `${base}/` }, { loc: `${base}/publications` }];
    const ref = (item: { slug: string; id: number }) => encodeURIComponent(item.slug || String(item.id));
    for (const publication of publications) {
      entries.push({ loc: `${base}/publication/${ref(publication)}`, lastmod: publication.updated_at });
      for (const poem of poemsOf.get(publication.id) ?? []) {
        entries.push({ loc: `${base}/poem/${ref(poem)}`, lastmod: poem.updated_at });
      }
    }
    const body = Buffer.from(sitemapXml(entries));
    const type = 'application/xml; charset=utf-8';
    const etag = PublicReadCache.etagOf(body);
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
    res.setHeader('ETag', etag);
    this.cache.store(req.originalUrl, version, body, etag, res);
    res.status(200).send(body);
  }

  @Get('robots.txt')
  robots(@Res() res: Response): void {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(robotsTxt(this.settings.publicUrl, this.settings.noindex));
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
