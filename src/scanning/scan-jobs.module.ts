import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { ExtractionModule } from './infrastructure/extraction/extraction.module.js';
import { PageStoreModule } from './infrastructure/page-store/page-store.module.js';
import { PoemScanner } from './application/poem-scanner.js';
import { ReprocessPublicationJob } from './application/reprocess-publication.job.js';
import { ScanPagesJob } from './application/scan-pages.job.js';
import { BookReadJob } from './application/book-read.job.js';

/** Every scan job handler; the queue checks this list against the scan job catalogue at start-up. */
export const SCAN_JOB_HANDLERS = [ScanPagesJob, ReprocessPublicationJob, BookReadJob];

/**
 * The scan jobs' handlers and what they need, without HTTP: the queue runs them, in the API
 * process when there is no Redis and in the worker process when there is.
 */
@Module({
  imports: [CatalogModule, ExtractionModule, PageStoreModule],
  providers: [PoemScanner, ...SCAN_JOB_HANDLERS],
  exports: SCAN_JOB_HANDLERS,
})
export class ScanJobsModule {}
