import { BadRequestException, Body, Controller, Get, Param, Put, Query, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { isStaff, StaffGuard } from '../../auth/index.js';
import { PublicReadInterceptor } from '../../delivery/index.js';
import { PoemPages } from '../application/poem-pages.service.js';
import { SCREEN_WIDTHS } from '../application/reading-copies.js';
import { PageRotationDto } from './page-rotation.dto.js';

const VISITOR = { staff: false } as const;

/** The page archive: each poem's source pages, for the admin beside its text and for readers beside the poem. */
@ApiTags('scanning')
@Controller('api')
export class PoemPagesController {
  constructor(private readonly pages: PoemPages) {}

  @Get('poems/:id/pages')
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'The page photos a poem was read from, in reading order (staff: drafts too)' })
  pagesOfPoem(@Param('id') id: string) {
    return this.pages.ofPoem(id, { staff: true });
  }

  @Get('poems/:id/printed_pages')
  @UseInterceptors(PublicReadInterceptor)
  @ApiOperation({
    summary: "The printed pages of a published poem: the photos of its book's pages it was read from (404 for drafts and the trash)",
  })
  printedPagesOfPoem(@Param('id') id: string) {
    return this.pages.ofPoem(id, VISITOR);
  }

  @Put('scan_pages/:id/rotation')
  @UseGuards(StaffGuard)
  @ApiOperation({
    summary: 'Turn a page photo in quarter turns to stand upright: shown turned, read turned by Reprocess; the stored photo is unchanged',
  })
  rotate(@Param('id') id: string, @Body() dto: PageRotationDto) {
    return this.pages.rotate(id, dto.rotation);
  }

  @Get('scan_pages/:id/image')
  @ApiOperation({
    summary:
      'A stored page photo, as uploaded, or with ?width=800 or 1600 its copy for screens (WebP, made once and kept): ' +
      'staff see every page, visitors only those of published books (else 404)',
  })
  @ApiQuery({ name: 'width', required: false, enum: [...SCREEN_WIDTHS] })
  async image(@Param('id') id: string, @Query('width') width: string | undefined, @Req() req: Request, @Res() res: Response) {
    const staff = isStaff(req);
    const screen = width === undefined ? undefined : SCREEN_WIDTHS.find((w) => String(w) === width);
    if (width !== undefined && screen === undefined) throw new BadRequestException(`width must be one of ${SCREEN_WIDTHS.join(', ')}`);
    const { data, mimeType, sha256 } = await this.pages.image(id, { staff }, screen);
    res.setHeader('Content-Type', mimeType);
    // Staff answers are never kept past the session (like every staff answer). A visitor's copy
    // is revalidated on each view (a 304 by its checksum), so an unpublished book's photos are
    // not shown from a browser's cache.
    res.setHeader('Cache-Control', staff ? 'no-store' : 'public, max-age=0, must-revalidate');
    res.setHeader('ETag', `"${sha256}"`);
    res.setHeader('Vary', 'Cookie');
    res.send(data);
  }
}
