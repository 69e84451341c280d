import { Controller, Get, Param, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { StaffGuard } from '../../auth/index.js';
import { PoemPages } from '../application/poem-pages.service.js';

/** The page archive for the admin: each poem's source pages beside its text. */
@ApiTags('scanning')
@Controller('api')
@UseGuards(StaffGuard)
export class PoemPagesController {
  constructor(private readonly pages: PoemPages) {}

  @Get('poems/:id/pages')
  @ApiOperation({ summary: 'The page photos a poem was read from, in reading order' })
  pagesOfPoem(@Param('id') id: string) {
    return this.pages.ofPoem(id);
  }

  @Get('scan_pages/:id/image')
  @ApiOperation({ summary: 'The stored page photo, as uploaded' })
  async image(@Param('id') id: string, @Res() res: Response) {
    const { data, mimeType } = await this.pages.image(id);
    res.setHeader('Content-Type', mimeType);
    // Staff-only, so never kept by the browser past the session (like every staff answer).
    res.setHeader('Cache-Control', 'no-store');
    res.send(data);
  }
}
