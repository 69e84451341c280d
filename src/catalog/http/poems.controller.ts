import type { PoemDeleteAnswer } from '../../../contracts/catalog.js';
import { Body, Controller, Delete, Get, Param, Put, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { isStaff, StaffGuard } from '../../auth/index.js';
import { CatalogCommands } from '../application/catalog-commands.js';
import { CatalogQueries } from '../application/catalog-queries.js';
import type { Poem } from '../../../contracts/catalog.js';
import { toPoemResponse } from '../application/catalog-responses.js';
import { UpdatePoemDto } from './poem.dto.js';
import { PublicReadInterceptor } from '../../delivery/index.js';

@ApiTags('poems')
@Controller('api/poems')
export class PoemsController {
  constructor(
    private readonly queries: CatalogQueries,
    private readonly commands: CatalogCommands,
  ) {}

  @Get(':id')
  @UseInterceptors(PublicReadInterceptor)
  @ApiOperation({ summary: 'One poem by id or slug (drafts only for staff)' })
  async get(@Param('id') ref: string, @Req() req: Request): Promise<Poem> {
    return toPoemResponse(await this.queries.getPoem(ref, { staff: isStaff(req) }));
  }

  @Put(':id')
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'Edit title, body, notes; line and word counts are recomputed' })
  async update(@Param('id') ref: string, @Body() dto: UpdatePoemDto): Promise<Poem> {
    return toPoemResponse(await this.commands.updatePoem(ref, { title: dto.title, body: dto.body, notes: dto.notes }));
  }

  @Delete(':id')
  @UseGuards(StaffGuard)
  async remove(@Param('id') ref: string): Promise<PoemDeleteAnswer> {
    return { message: 'Poem deleted', ...(await this.commands.deletePoem(ref)) };
  }
}
