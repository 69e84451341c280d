import type { PoemDeleteAnswer } from '../../../contracts/catalog.js';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Req,
  UnauthorizedException,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { isStaff, NOT_AUTHENTICATED, StaffGuard } from '../../auth/index.js';
import { CatalogCommands } from '../application/catalog-commands.js';
import { CatalogQueries } from '../application/catalog-queries.js';
import type { OverwroteNewer, Poem, PoemProofreading as PoemProofreadingAnswer } from '../../../contracts/catalog.js';
import { PoemProofreading, type ProofreadingView } from '../application/poem-proofreading.js';
import { toPoemResponse, toStaffPoemResponse } from '../application/catalog-responses.js';
import { LooksRightDto, PoemStatusDto, UpdatePoemDto } from './poem.dto.js';
import { PublicReadInterceptor } from '../../delivery/index.js';
import { RevisionMapper } from './revision.mapper.js';
import { PoemRequestMapper } from './requests.mapper.js';
import { curatorOf } from './viewer.js';

@ApiTags('poems')
@Controller('api/poems')
export class PoemsController {
  constructor(
    private readonly queries: CatalogQueries,
    private readonly commands: CatalogCommands,
    private readonly proofreading: PoemProofreading,
  ) {}

  @Get(':id/proofreading')
  @UseGuards(StaffGuard)
  @ApiOperation({
    summary:
      "A poem's lines beside the page photos they were read from: each line's printed page, its box on the photo " +
      '(pixels, as turned) and its doubtful words (low confidence, or unknown to the book language’s word list)',
  })
  async proofread(@Param('id') ref: string): Promise<PoemProofreadingAnswer> {
    return toProofreadingResponse(await this.proofreading.of(ref));
  }

  @Post(':id/proofreading/looks_right')
  @UseGuards(StaffGuard)
  @HttpCode(200)
  @ApiOperation({ summary: "Clears a doubtful word's mark (the curator found it right); the text is unchanged. Answers the proofreading" })
  async looksRight(@Param('id') ref: string, @Body() dto: LooksRightDto): Promise<PoemProofreadingAnswer> {
    return toProofreadingResponse(await this.proofreading.looksRight(ref, { line: dto.line, start: dto.start, end: dto.end }));
  }

  @Get(':id')
  @UseInterceptors(PublicReadInterceptor)
  @ApiOperation({ summary: 'One poem by id or slug (drafts only for staff)' })
  async get(@Param('id') ref: string, @Req() req: Request): Promise<Poem> {
    const staff = isStaff(req);
    const poem = await this.queries.getPoem(ref, { staff });
    return staff ? toStaffPoemResponse(poem) : toPoemResponse(poem);
  }

  @Put(':id')
  @UseGuards(StaffGuard)
  @ApiOperation({
    summary:
      'Edit title, body, notes, language; line and word counts are recomputed. The replaced version is kept in the history; ' +
      'with base_revision older than the current version the save still happens and answers overwrote',
  })
  async update(@Param('id') ref: string, @Body() dto: UpdatePoemDto, @Req() req: Request): Promise<Poem & OverwroteNewer> {
    const saved = await this.commands.updatePoem(ref, PoemRequestMapper.fromUpdateRequest(dto), {
      actor: curatorOf(req),
      baseRevision: dto.base_revision,
    });
    return { ...toStaffPoemResponse(saved), ...(saved.overwrote ? { overwrote: RevisionMapper.overwrote(saved.overwrote) } : {}) };
  }

  @Put(':id/status')
  @UseGuards(StaffGuard)
  @ApiOperation({
    summary:
      'Mark a poem as_scanned, proofread or checked (kept in its history with who and when). Checked needs it proofread (409) ' +
      'by another curator: its proofreader is refused (403)',
  })
  async setStatus(@Param('id') ref: string, @Body() dto: PoemStatusDto, @Req() req: Request): Promise<Poem> {
    const actor = curatorOf(req);
    if (!actor) throw new UnauthorizedException(NOT_AUTHENTICATED);
    return toStaffPoemResponse(await this.commands.setPoemStatus(ref, dto.status, actor));
  }

  @Delete(':id')
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'Delete a poem; its history keeps it, so it can be restored from there' })
  async remove(@Param('id') ref: string, @Req() req: Request): Promise<PoemDeleteAnswer> {
    return { message: 'Poem deleted', ...(await this.commands.deletePoem(ref, { actor: curatorOf(req) })) };
  }
}

function toProofreadingResponse(proofreading: ProofreadingView): PoemProofreadingAnswer {
  return {
    poem_id: proofreading.poemId,
    status: proofreading.status,
    lines: proofreading.lines.map(({ line, text, page, photo, box, doubts }) => ({
      line,
      text,
      page,
      scan_page_id: photo,
      box,
      doubts: doubts.map(({ start, end, confidence, reasons }) => ({ start, end, confidence, reasons })),
    })),
  };
}
