import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { ExtractionModule } from './infrastructure/extraction/extraction.module.js';
import { PageStoreModule } from './infrastructure/page-store/page-store.module.js';
import { PoemScanner } from './application/poem-scanner.js';
import { ReprocessPublicationJob } from './application/reprocess-publication.job.js';
import { ScanPagesJob } from './application/scan-pages.job.js';
import { BookReadJob } from './application/book-read.job.js';
import { PDF_PAGES } from './application/ports/pdf-pages.port.js';
import { pdfPagesWithin } from './infrastructure/images/pdf-pages.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/** Every scan job handler; the queue checks this list against the scan job catalogue at start-up. */
export const SCAN_JOB_HANDLERS = [ScanPagesJob, ReprocessPublicationJob, BookReadJob];

/**
 * The scan jobs' handlers and what they need (a PDF's pages drawn among them), without HTTP: the queue runs them, in the API
 * process when there is no Redis and in the worker process when there is.
 */
@Module({
  imports: [CatalogModule, ExtractionModule, PageStoreModule],
  providers: [
    PoemScanner,
    ...SCAN_JOB_HANDLERS,
    // A PDF's pages drawn within this application's memory setting (pdf-process.ts): counted by
    // the API when a PDF is sent, drawn by the jobs wherever they run.
    { provide: PDF_PAGES, inject: [APP_CONFIG], useFactory: (config: AppConfig) => pdfPagesWithin(config.pdfPageMemoryBytes) },
  ],
  exports: [...SCAN_JOB_HANDLERS, PDF_PAGES],
})
export class ScanJobsModule {}
