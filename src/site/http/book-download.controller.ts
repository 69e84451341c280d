import { Controller, Get, Inject, Logger, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CATALOG_READ_API, toPoemResponse, toPublicationResponse, type CatalogReadApi } from '../../catalog/index.js';
import { headersOf, PUBLIC_CACHE_CONTROL, PublicReadCache } from '../../delivery/index.js';
import type { PublicSiteSettings } from '../../../contracts/reader-page.js';
import { authorsText, formatPublicationDate, refOf } from '../../../contracts/format.js';
import { SITE_SETTINGS } from '../../settings/index.js';
import { SOCIAL_CARDS, type SocialCards } from '../application/ports/social-cards.port.js';
import { buildEpub, type EpubFile, type EpubRecording } from '../application/epub-book.js';
import { readerName } from '../../../contracts/recordings.js';
import { RecordingsService, type Recording } from '../../recordings/index.js';

const VISITOR = { staff: false } as const;

/** "river-songs.epub" -> "river-songs"; anything else is not a download. */
function refFromFile(file: string): string {
  const m = /^(.+)\.epub$/.exec(file);
  if (!m) throw new NotFoundException('Books download as EPUB: /download/{book}.epub');
  return m[1]!;
}

/**
 * /download/{book}.epub: a published book to take away, as EPUB 3, its poems' recordings with it
 * as Media Overlays. Only what visitors can read (a draft or a book in the trash is a 404, for
 * staff too). A book without recordings is kept by the read cache like the book's pages and
 * dropped with them when the book changes; one with recordings is streamed, its sound read from
 * the store as it is sent (never held whole in memory, nor cached), with an ETag from its text and
 * its recordings' checksums.
 */
@ApiTags('reader')
@Controller('download')
export class BookDownloadController {
  constructor(
    @Inject(CATALOG_READ_API) private readonly catalog: CatalogReadApi,
    @Inject(SITE_SETTINGS) private readonly settings: PublicSiteSettings,
    @Inject(SOCIAL_CARDS) private readonly cards: SocialCards,
    private readonly cache: PublicReadCache,
    private readonly recordings: RecordingsService,
  ) {}

  private readonly logger = new Logger('BookDownload');

  @Get(':file')
  @ApiOperation({
    summary:
      'A published book as an EPUB 3 file: cover, title page, contents and every poem, its recordings as Media Overlays (404 for drafts and the trash)',
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
    const epub = buildEpub({ book, settings: this.settings, cover, recordings: await this.recordingsOf(found.poems.map((p) => p.id)) });
    if (epub.recordings.length > 0) return this.stream(epub, refOf(publication), req, res);
    const body = epub.head;
    const etag = PublicReadCache.etagOf(body);
    this.setHeaders(res, refOf(publication), etag);
    this.cache.store(req.originalUrl, version, body, etag, headersOf(res), [publication.id]);
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    res.status(200).setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** The book's poems' recordings, by poem, as the EPUB may carry them (who reads: the poet when no one is named). */
  private async recordingsOf(poemIds: number[]): Promise<Map<number, EpubRecording[]>> {
    const byPoem = new Map<number, EpubRecording[]>();
    for (const r of await this.recordings.ofPoems(poemIds)) {
      const list = byPoem.get(r.poemId) ?? [];
      list.push(this.carried(r));
      byPoem.set(r.poemId, list);
    }
    return byPoem;
  }

  private carried(r: Recording): EpubRecording {
    return {
      mimeType: r.mimeType,
      byteSize: r.byteSize,
      sha256: r.sha256,
      durationSeconds: r.durationSeconds,
      lineMarks: r.lineMarks,
      reader: readerName(r, this.settings.poetName),
      open: () => this.recordings.read(r),
    };
  }

  private setHeaders(res: Response, name: string, etag: string): void {
    res.setHeader('Content-Type', 'application/epub+zip');
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${name.replace(/[^\w.-]/g, '_')}.epub"; filename*=UTF-8''${encodeURIComponent(name)}.epub`,
    );
    res.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
    res.setHeader('Vary', 'Cookie');
    res.setHeader('ETag', etag);
  }

  /** A book with recordings: its head, then each recording from the store as the client takes it. */
  private async stream(epub: EpubFile, name: string, req: Request, res: Response): Promise<void> {
    const etag = PublicReadCache.etagOf(Buffer.concat([epub.head, ...epub.recordings.map((r) => Buffer.from(r.sha256))]));
    this.setHeaders(res, name, etag);
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    res.status(200).setHeader('Content-Length', epub.length);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const bytes = async function* () {
      yield epub.head;
      yield* epub.rest();
    };
    // A reader who stops the download closes the stream; a recording the store cannot give cuts it short.
    await pipeline(Readable.from(bytes()), res).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ERR_STREAM_PREMATURE_CLOSE') this.logger.warn(`The EPUB of ${name} was cut short: ${err.message}`);
    });
  }
}
