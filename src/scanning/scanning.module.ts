import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { CatalogCoreModule } from '../catalog/catalog-core.module.js';
import { ExtractionModule } from './extraction/extraction.module.js';
import { PoemPagesController } from './http/poem-pages.controller.js';
import { ScansController } from './http/scans.controller.js';
import { PoemScanner } from './application/poem-scanner.js';
import { ReprocessPublicationJob } from './application/reprocess-publication.job.js';
import { ScanPagesJob } from './application/scan-pages.job.js';
import { ScanService } from './application/scan.service.js';
import { FileSystemPageStore } from './page-store/file-system.page-store.js';
import { PAGE_STORE } from './application/ports/page-store.port.js';
import { ScanPagesRepository } from './page-store/scan-pages.repository.js';
import { PublicationPagesPurger } from './page-store/publication-pages.purger.js';
import { BullJobQueue } from './queue/bullmq.job-queue.js';
import { BullJobWorker } from './queue/bullmq.job-worker.js';
import { DatabaseJobQueue } from './queue/database.job-queue.js';
import { JobHandlerRegistry } from './queue/job-handler.registry.js';
import { JOB_HANDLERS, JOB_QUEUE } from './queue/job-queue.port.js';
import { queueHealthProvider } from './queue/queue-health.provider.js';
import { ScanJobsRepository } from './queue/scan-jobs.repository.js';
import { QUEUE_HEALTH } from '../health/index.js';

export type ScanningRole = 'api' | 'worker';

/** Every job handler; the registry checks this list against the job catalogue at start-up. */
const HANDLERS = [ScanPagesJob, ReprocessPublicationJob];

const jobCore: Provider[] = [
  { provide: PAGE_STORE, useClass: FileSystemPageStore },
  ScanPagesRepository,
  PoemScanner,
  ...HANDLERS,
  { provide: JOB_HANDLERS, inject: HANDLERS, useFactory: (...handlers: unknown[]) => handlers },
  JobHandlerRegistry,
];

/**
 * Scanning: page uploads, scan jobs and their queue, duplicates, the page archive.
 * - role 'api': the HTTP endpoints; jobs go to Redis (BullMQ) when REDIS_URL is set, else they are
 *   kept in the database (scan_jobs) and run in this process.
 * - role 'worker': no HTTP; consumes the BullMQ queue (src/worker.ts).
 */
@Module({})
export class ScanningModule {
  static forRoot(config: AppConfig, role: ScanningRole = 'api'): DynamicModule {
    const imports = [CatalogCoreModule, ExtractionModule];
    if (role === 'worker') {
      return { module: ScanningModule, imports, providers: [...jobCore, BullJobWorker] };
    }
    return {
      module: ScanningModule,
      imports,
      controllers: [ScansController, PoemPagesController],
      providers: [...jobCore, ScanService, { provide: JOB_QUEUE, useClass: config.redisUrl ? BullJobQueue : DatabaseJobQueue }, ScanJobsRepository, queueHealthProvider, PublicationPagesPurger],
      exports: [JOB_QUEUE, PAGE_STORE, ScanPagesRepository, QUEUE_HEALTH],
    };
  }
}
