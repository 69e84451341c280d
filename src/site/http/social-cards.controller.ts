import { Controller, Get, Inject, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CATALOG_READ_API, type CatalogReadApi } from '../../catalog/index.js';
import { toPoemResponse, toPublicationResponse } from '../../catalog/index.js';
import type { PublicSiteSettings } from '../../../contracts/reader-page.js';
import { cardVersion, poemCard, publicationCard, type SocialCard } from '../../../contracts/social-card.js';
import { SITE_SETTINGS } from '../../settings/index.js';
import { SOCIAL_CARDS, type SocialCards } from '../application/ports/social-cards.port.js';

const VISITOR = { staff: false } as const;

/** "river-songs.png" -> "river-songs"; anything else is not a card. */
function refFromFile(file: string): string {
  const m = /^(.+)\.png$/.exec(file);
  if (!m) throw new NotFoundException('Social cards are PNG files: /social/{poem|publication}/{slug}.png');
  return m[1]!;
}

/** The catalog's not-found as a 404; any other failure stays a failure. */
async function found<T>(work: Promise<T>, code: string, message: string): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if ((err as { code?: unknown })?.code === code) throw new NotFoundException(message);
    throw err;
  }
}

/** /social/poem/{slug}.png and /social/publication/{slug}.png: the og:image of published items. */
@ApiExcludeController()
@Controller('social')
export class SocialCardsController {
  constructor(
    @Inject(CATALOG_READ_API) private readonly catalog: CatalogReadApi,
    @Inject(SITE_SETTINGS) private readonly settings: PublicSiteSettings,
    @Inject(SOCIAL_CARDS) private readonly renderer: SocialCards,
  ) {}

  @Get('poem/:file')
  async poem(@Param('file') file: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const poem = await found(this.catalog.getPoem(refFromFile(file), VISITOR), 'CATALOG.POEM_NOT_FOUND', 'Poem not found');
    const publication = await this.catalog.getPublication(poem.publicationId, VISITOR).catch(() => null);
    await this.send(poemCard(toPoemResponse(poem), publication && toPublicationResponse(publication), this.settings), req, res);
  }

  @Get('publication/:file')
  async publication(@Param('file') file: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const publication = await found(
      this.catalog.getPublication(refFromFile(file), VISITOR),
      'CATALOG.PUBLICATION_NOT_FOUND',
      'Publication not found',
    );
    const poems = await this.catalog.listPoems(publication.id, VISITOR);
    await this.send(publicationCard(toPublicationResponse(publication), poems.map(toPoemResponse), this.settings), req, res);
  }

  private async send(card: SocialCard, req: Request, res: Response): Promise<void> {
    const version = cardVersion(card);
    const etag = `"${version}"`;
    // The pages link the card with ?v={version}: that address never changes content.
    res.setHeader('Cache-Control', req.query.v === version ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    const png = await this.renderer.render(card);
    res.status(200).type('image/png').setHeader('Content-Length', png.length);
    res.end(req.method === 'HEAD' ? undefined : png);
  }
}
