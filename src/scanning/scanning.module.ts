import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { CatalogModule } from '../catalog/index.js';
import { DeliveryModule } from '../delivery/index.js';
import { QUEUE_HEALTH } from '../health/index.js';
import { QueueModule } from '../queue/index.js';
import { PublicationPagesPurger } from './infrastructure/page-store/publication-pages.purger.js';
import { ScanJobsModule, SCAN_JOB_HANDLERS } from './scan-jobs.module.js';
import { SCAN_JOBS, SCAN_JOBS_TABLE, SCAN_QUEUE_NAME, type ScanJobCatalogue } from './application/scan-job.catalogue.js';
import { scanFailurePolicy } from './application/scan-job.failures.js';
import { ScanQueue } from './application/scan-queue.js';
import { ScanService } from './application/scan.service.js';
import { ExtractionModule } from './infrastructure/extraction/extraction.module.js';
import { BookImportService } from './application/book-import.service.js';
import { PageStoreModule } from './infrastructure/page-store/page-store.module.js';
import { PoemPagesModule } from './poem-pages.module.js';

export type ScanningRole = 'api' | 'worker';

/**
 * Scanning: page uploads, scan jobs on the job queue, duplicates, the page archive.
 * - role 'api': the use cases behind the HTTP endpoints (ScanningHttpModule); jobs go to Redis
 *   (BullMQ) when REDIS_URL is set, else they are kept in the database (scan_jobs) and run in this
 *   process.
 * - role 'worker': consumes the BullMQ queue (src/worker.ts).
 */
@Module({})
export class ScanningModule {
  static forRoot(config: AppConfig, role: ScanningRole = 'api'): DynamicModule {
    const queue = QueueModule.register<ScanJobCatalogue>({
      role,
      imports: [ScanJobsModule],
      handlers: SCAN_JOB_HANDLERS,
      name: SCAN_QUEUE_NAME,
      table: SCAN_JOBS_TABLE,
      logLabel: 'Scan',
      catalogue: SCAN_JOBS,
      failurePolicy: scanFailurePolicy,
      settings: config.scanJobs,
      redisUrl: config.redisUrl,
    });
    if (role === 'worker') return { module: ScanningModule, imports: [queue] };
    return {
      module: ScanningModule,
      // ScanJobsModule (the queue's too, one instance) gives PDF_PAGES: one drawing process for counts and drawing.
      imports: [CatalogModule, DeliveryModule, ExtractionModule, PageStoreModule, PoemPagesModule, ScanJobsModule, queue],
      providers: [ScanService, BookImportService, ScanQueue, { provide: QUEUE_HEALTH, useExisting: ScanQueue }, PublicationPagesPurger],
      exports: [PageStoreModule, PoemPagesModule, QUEUE_HEALTH, ScanService, BookImportService],
    };
  }
}
