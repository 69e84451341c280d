import { Injectable } from '@nestjs/common';
import type { ScanJobProgress } from '../../../contracts/scanning.js';
import type { JobContext, JobHandler } from '../../queue/index.js';
import { PoemScanner } from './poem-scanner.js';
import type { ScanJobCatalogue } from './scan-job.catalogue.js';
import type { ReprocessPayload, ScanOutcome } from './scan-job.types.js';

/**
 * Job 'scan.reprocess': extraction again over every stored page of a publication. Only poems not
 * already there are added; existing poems, edited or not, are never changed.
 */
@Injectable()
export class ReprocessPublicationJob implements JobHandler<ScanJobCatalogue, 'scan.reprocess'> {
  readonly jobName = 'scan.reprocess' as const;

  constructor(private readonly scanner: PoemScanner) {}

  handle(payload: ReprocessPayload, context: JobContext<ScanJobProgress>): Promise<ScanOutcome> {
    return this.scanner.run(
      { jobId: context.jobId, publicationId: payload.publicationId, pages: payload.pages, samePageTitlesCount: true },
      context,
    );
  }
}
