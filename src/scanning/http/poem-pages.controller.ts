import { Controller, Get, Inject, Param, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { StaffGuard } from '../../auth/index.js';
import { CATALOG_READ_API, type CatalogReadApi } from '../../catalog/index.js';
import { ScanError } from '../domain/scan.errors.js';
import { PAGE_STORE, type PageStore } from '../application/ports/page-store.port.js';
import { ScanPagesRepository } from '../page-store/scan-pages.repository.js';

const pageNotFound = () => new ScanError('SCAN.PAGE_NOT_FOUND', 'Page image not found');

/** The page archive for the admin: each poem's source pages beside its text. */
@ApiTags('scanning')
@Controller('api')
@UseGuards(StaffGuard)
export class PoemPagesController {
  constructor(
    @Inject(CATALOG_READ_API) private readonly queries: CatalogReadApi,
    private readonly pagesRepo: ScanPagesRepository,
    @Inject(PAGE_STORE) private readonly store: PageStore,
  ) {}

  @Get('poems/:id/pages')
  @ApiOperation({ summary: 'The page photos a poem was read from, in reading order' })
  async pagesOfPoem(@Param('id') id: string) {
    const poem = await this.queries.getPoem(id, { staff: true });
    const pages = await this.pagesRepo.pagesOfPoem(poem.id);
    return pages.map((page) => ({
      id: Number(page.id),
      page_index: page.page_index,
      page_number: page.page_number,
      mime_type: page.mime_type,
      url: `/api/scan_pages/${page.id}/image/`,
    }));
  }

  @Get('scan_pages/:id/image')
  @ApiOperation({ summary: 'The stored page photo, as uploaded' })
  async image(@Param('id') id: string, @Res() res: Response) {
    if (!/^\d{1,9}$/.test(id)) throw pageNotFound();
    const page = await this.pagesRepo.findPage(Number(id));
    if (!page) throw pageNotFound();
    let data: Buffer;
    try {
      data = await this.store.get(page.storage_key);
    } catch {
      throw pageNotFound();
    }
    res.setHeader('Content-Type', page.mime_type);
    // Staff-only, so never kept by the browser past the session (like every staff answer).
    res.setHeader('Cache-Control', 'no-store');
    res.send(data);
  }
}
