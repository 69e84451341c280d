import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { BookImport, BookImportFileAnswer } from '../../../contracts/book-import.js';
import { ChecksCsrfFormField, StaffGuard } from '../../auth/index.js';
import { BookImportService } from '../application/book-import.service.js';
import { isPdf } from '../application/ports/pdf-pages.port.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ScanError } from '../domain/scan.errors.js';
import { ImageUploadInterceptor, uploadedImages } from './image-upload.interceptor.js';
import { toBookImport } from './scan-answers.js';

/** Whole-book import (contracts/book-import.ts): files one per request, then a resumable reading job. */
@ApiTags('scanning')
@Controller('api')
@UseGuards(StaffGuard)
export class BookImportsController {
  constructor(
    private readonly imports: BookImportService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('publications/:id/book_imports')
  @ApiOperation({ summary: 'Begin a whole-book import: its files are sent next, one per request' })
  async create(@Param('id') id: string): Promise<BookImport> {
    return toBookImport(await this.imports.create(id));
  }

  @Get('publications/:id/book_import')
  @ApiOperation({ summary: "The publication's latest book import (404: none)" })
  async latest(@Param('id') id: string): Promise<BookImport> {
    return toBookImport(await this.imports.latestOf(id));
  }

  @Post('book_imports/:importId/files')
  @UseInterceptors(ImageUploadInterceptor('book-file'))
  @ChecksCsrfFormField()
  @ApiOperation({
    summary:
      "One file of the book (a page photo or a PDF) at its place: field file, position; a position sent again replaces that file's pages",
  })
  addFile(@Param('importId') importId: string, @Req() req: Request, @Body() body: { position?: unknown }): Promise<BookImportFileAnswer> {
    const [file] = uploadedImages(req, 'book-file');
    // Multer let it through at the PDFs' limit: a photo keeps the photos' own.
    if (file && !isPdf(file.data) && file.data.length > this.config.maxUploadBytes)
      throw ScanError.fileTooLarge(this.config.maxUploadBytes);
    return this.imports.addFile(importId, file && { name: file.name ?? 'file', data: file.data }, body?.position);
  }

  @Post('book_imports/:importId/start')
  @HttpCode(202)
  @ApiOperation({ summary: 'Read the pages in book order as one resumable job' })
  async start(@Param('importId') importId: string): Promise<BookImport> {
    return toBookImport(await this.imports.start(importId));
  }

  @Post('book_imports/:importId/retry')
  @HttpCode(202)
  @ApiOperation({ summary: 'Read failed pages again and add the poems not already there' })
  async retry(@Param('importId') importId: string): Promise<BookImport> {
    return toBookImport(await this.imports.retry(importId));
  }

  @Delete('book_imports/:importId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Cancel an import not started: it and the files sent to it are removed (409 once started)' })
  async cancel(@Param('importId') importId: string): Promise<void> {
    await this.imports.cancel(importId);
  }

  @Get('book_imports/:importId')
  @ApiOperation({ summary: 'An import with its progress: pages read, poems so far, failed pages' })
  async get(@Param('importId') importId: string): Promise<BookImport> {
    return toBookImport(await this.imports.get(importId));
  }
}
