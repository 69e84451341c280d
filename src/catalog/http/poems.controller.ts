import { Body, Controller, Delete, Get, Param, Put, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { isStaff, StaffGuard } from '../../auth/staff.guard.js';
import { CatalogCommands } from '../application/catalog-commands.js';
import { CatalogQueries } from '../application/catalog-queries.js';
import { UpdatePoemDto } from './poem.dto.js';
import { PublicReadInterceptor } from '../../delivery/public-read.interceptor.js';

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
  get(@Param('id') ref: string, @Req() req: Request) {
    return this.queries.getPoem(ref, { staff: isStaff(req) });
  }

  @Put(':id')
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'Edit title, body, notes; line and word counts are recomputed' })
  update(@Param('id') ref: string, @Body() dto: UpdatePoemDto) {
    return this.commands.updatePoem(ref, dto);
  }

  @Delete(':id')
  @UseGuards(StaffGuard)
  async remove(@Param('id') ref: string) {
    return { message: 'Poem deleted', ...(await this.commands.deletePoem(ref)) };
  }
}
