import { Injectable } from '@nestjs/common';
import type { ScanJobProgress } from '../../../contracts/scanning.js';
import type { JobContext, JobHandler } from '../../queue/index.js';
import { PoemScanner } from './poem-scanner.js';
import type { ScanJobCatalogue } from './scan-job.catalogue.js';
import type { ScanPagesPayload, ScanOutcome } from './scan-job.types.js';

/** Job 'scan.pages': poems from an upload's page photos. */
@Injectable()
export class ScanPagesJob implements JobHandler<ScanJobCatalogue, 'scan.pages'> {
  readonly jobName = 'scan.pages' as const;

  constructor(private readonly scanner: PoemScanner) {}

  handle(payload: ScanPagesPayload, context: JobContext<ScanJobProgress>): Promise<ScanOutcome> {
    return this.scanner.run(
      { jobId: context.jobId, publicationId: payload.publicationId, pages: payload.pages, samePageTitlesCount: false },
      context,
    );
  }
}
