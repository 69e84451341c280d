import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { CatalogEvents, type DiscardedScans } from '../../../catalog/index.js';
import { ScanError } from '../../domain/scan.errors.js';
import { UPLOAD_JOB_ID } from '../../application/scan-job.types.js';
import { FILE_STORE, type FileStore } from '../../../media/index.js';
import { removePhoto } from '../../application/reading-copies.js';
import { ScanPagesRepository } from './scan-pages.repository.js';

/**
 * Page photographs go with what they were kept for: a permanently deleted publication takes all
 * of its pages (their rows go by cascade), and discarded scans (a wizard's Start Over) take the
 * pages they stored, so that reprocessing cannot read their poems back in. A photo's reading copy
 * goes with it (it sits in the photo's folder).
 */
@Injectable()
export class PublicationPagesPurger implements OnModuleInit {
  private readonly logger = new Logger(PublicationPagesPurger.name);

  constructor(
    private readonly events: CatalogEvents,
    @Inject(FILE_STORE) private readonly store: FileStore,
    private readonly pages: ScanPagesRepository,
  ) {}

  onModuleInit(): void {
    this.events.onPublicationPurged((publicationId) => this.store.removeAll(`publications/${publicationId}`));
    this.events.onScansDiscarded((publicationId, scans) => this.discard(publicationId, scans));
  }

  /** Refuses, removing nothing, ids that are not uploads or are another publication's; a job with no pages left is already done. */
  async discard(publicationId: number, { jobIds, poemIds }: DiscardedScans): Promise<void> {
    const notUploads = jobIds.filter((id) => !UPLOAD_JOB_ID.test(id));
    if (notUploads.length) {
      throw new ScanError('SCAN.NOT_AN_UPLOAD', `Not the id of a page upload's scan: ${notUploads.join(', ')}; nothing was removed.`, {
        job_ids: notUploads,
      });
    }
    const foreign = await this.pages.jobsOfOtherPublications(publicationId, jobIds);
    if (foreign.length) {
      throw new ScanError('SCAN.JOBS_NOT_IN_PUBLICATION', `Scans ${foreign.join(', ')} are not of this publication; nothing was removed.`, {
        job_ids: foreign,
      });
    }
    const keys = await this.pages.discardPages(publicationId, jobIds, poemIds);
    for (const key of keys) {
      // The rows are gone, so nothing reads the file again; one left behind is only logged.
      await removePhoto(this.store, key).catch((err: Error) =>
        this.logger.warn(`Discarded page ${key} stays in the page store: ${err.message}`),
      );
    }
  }
}
