import { Controller, Get, Inject, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CATALOG_READ_API, toPoemResponse, toPublicationResponse, type CatalogReadApi } from '../../catalog/index.js';
import { headersOf, PUBLIC_CACHE_CONTROL, PublicReadCache } from '../../delivery/index.js';
import type { PublicSiteSettings } from '../../../contracts/reader-page.js';
import { authorsText, formatPublicationDate, refOf } from '../../../contracts/format.js';
import { SITE_SETTINGS } from '../../settings/index.js';
import { SOCIAL_CARDS, type SocialCards } from '../application/ports/social-cards.port.js';
import { buildEpub } from '../application/epub-book.js';

const VISITOR = { staff: false } as const;

/** "river-songs.epub" -> "river-songs"; anything else is not a download. */
function refFromFile(file: string): string {
  const m = /^(.+)\.epub$/.exec(file);
  if (!m) throw new NotFoundException('Books download as EPUB: /download/{book}.epub');
  return m[1]!;
}

/**
 * /download/{book}.epub: a published book to take away, as EPUB 3. Only what visitors can read
 * (a draft or a book in the trash is a 404, for staff too), kept by the read cache like the
 * book's pages and dropped with them when the book changes.
 */
@ApiTags('reader')
@Controller('download')
export class BookDownloadController {
  constructor(
    @Inject(CATALOG_READ_API) private readonly catalog: CatalogReadApi,
    @Inject(SITE_SETTINGS) private readonly settings: PublicSiteSettings,
    @Inject(SOCIAL_CARDS) private readonly cards: SocialCards,
    private readonly cache: PublicReadCache,
  ) {}

  @Get(':file')
  @ApiOperation({
    summary: 'A published book as an EPUB 3 file: cover, title page, contents and every poem (404 for drafts and the trash)',
  })
  @ApiProduces('application/epub+zip')
  async epub(@Param('file') file: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const ref = refFromFile(file);
    const version = PublicReadCache.isAnonymous(req) ? this.cache.currentVersion() : undefined;
    const found = await this.catalog.getPublicationWithPoems(ref, VISITOR).catch((err: unknown) => {
      if ((err as { code?: unknown })?.code === 'CATALOG.PUBLICATION_NOT_FOUND') throw new NotFoundException('Publication not found');
      throw err;
    });
    const publication = toPublicationResponse(found.publication);
    const book = { publication, poems: found.poems.map(toPoemResponse) };
    const cover = await this.cards.renderCover({
      title: publication.title,
      byline: authorsText(publication.authors, this.settings.poetName),
      imprint: [publication.publisher.trim(), formatPublicationDate(publication.publication_date)].filter(Boolean).join(' · '),
      siteName: this.settings.siteName,
    });
    const body = buildEpub({ book, settings: this.settings, cover });
    const etag = PublicReadCache.etagOf(body);
    const name = refOf(publication);
    res.setHeader('Content-Type', 'application/epub+zip');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${name.replace(/[^\w.-]/g, '_')}.epub"; filename*=UTF-8''${encodeURIComponent(name)}.epub`,
    );
    res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
    res.setHeader('Vary', 'Cookie');
    res.setHeader('ETag', etag);
    this.cache.store(req.originalUrl, version, body, etag, headersOf(res), [publication.id]);
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    res.status(200).setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}
