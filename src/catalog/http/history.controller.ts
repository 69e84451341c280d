import { BadRequestException, Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Poem, Publication } from '../../../contracts/catalog.js';
import type { PoemHistory, PoemRevision, PublicationHistory, PublicationRevision, RestoreAnswer } from '../../../contracts/history.js';
import { StaffGuard } from '../../auth/index.js';
import { CatalogHistory } from '../application/catalog-history.js';
import { toPublicationResponse, toStaffPoemResponse } from '../application/catalog-responses.js';
import { RevisionMapper } from './revision.mapper.js';
import { curatorOf } from './viewer.js';

/** A version number from the path: a whole number from 1. */
function revisionOf(raw: string): number {
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw new BadRequestException('revision must be a whole number from 1');
  return Number(raw);
}

/** Revision history of poems and publications: staff only, never cached (answers are no-store by default). */
@ApiTags('history')
@Controller('api')
@UseGuards(StaffGuard)
export class HistoryController {
  constructor(private readonly history: CatalogHistory) {}

  @Get('poems/:id/history')
  @ApiOperation({ summary: "A poem's versions, oldest first, each with who saved it and when (a deleted poem's too)" })
  async poemHistory(@Param('id') ref: string): Promise<PoemHistory> {
    return RevisionMapper.poemHistory(await this.history.poemHistory(ref));
  }

  @Get('poems/:id/history/:revision')
  @ApiOperation({ summary: 'One version of a poem' })
  async poemRevision(@Param('id') ref: string, @Param('revision') revision: string): Promise<PoemRevision> {
    return RevisionMapper.poemRevision(await this.history.poemRevision(ref, revisionOf(revision)));
  }

  @Post('poems/:id/history/:revision/restore')
  @HttpCode(200)
  @ApiOperation({ summary: 'Bring the poem back to this version (a deleted poem comes back too); itself a new version' })
  async restorePoem(@Param('id') ref: string, @Param('revision') revision: string, @Req() req: Request): Promise<RestoreAnswer<Poem>> {
    const from = revisionOf(revision);
    const restored = await this.history.restorePoem(ref, from, curatorOf(req));
    return { restored_from: from, revision: restored.revision, record: toStaffPoemResponse(restored.poem) };
  }

  @Get('publications/:id/history')
  @ApiOperation({ summary: "A publication's versions (details, status, trash, poem order), oldest first, and its deleted poems" })
  async publicationHistory(@Param('id') ref: string): Promise<PublicationHistory> {
    return RevisionMapper.publicationHistory(await this.history.publicationHistory(ref));
  }

  @Get('publications/:id/history/:revision')
  @ApiOperation({ summary: 'One version of a publication' })
  async publicationRevision(@Param('id') ref: string, @Param('revision') revision: string): Promise<PublicationRevision> {
    return RevisionMapper.publicationRevision(await this.history.publicationRevision(ref, revisionOf(revision)));
  }

  @Post('publications/:id/history/:revision/restore')
  @HttpCode(200)
  @ApiOperation({ summary: 'Bring the publication back to this version (details, status, trash, poem order); itself a new version' })
  async restorePublication(
    @Param('id') ref: string,
    @Param('revision') revision: string,
    @Req() req: Request,
  ): Promise<RestoreAnswer<Publication>> {
    const from = revisionOf(revision);
    const restored = await this.history.restorePublication(ref, from, curatorOf(req));
    return { restored_from: from, revision: restored.revision, record: toPublicationResponse(restored.publication) };
  }
}
