import type { ReprocessPayload, ScanPagesPayload, ScanResult } from '../application/scan-job.types.js';

/**
 * Every background job of the product, with its payload and result. Queues, handlers and the
 * start-up check all key on this one table, so a job cannot be queued that nothing would run.
 */
export interface JobCatalogue {
  /** Extract poems from freshly uploaded page photos and add the new ones to the publication. */
  'scan.pages': { payload: ScanPagesPayload; result: ScanResult };
  /** Extract poems again from a publication's stored pages, adding only poems not already there. */
  'scan.reprocess': { payload: ReprocessPayload; result: ScanResult };
}

export type JobName = keyof JobCatalogue;
export type JobPayload<N extends JobName> = JobCatalogue[N]['payload'];
export type JobResult<N extends JobName> = JobCatalogue[N]['result'];

export const JOB_NAMES: readonly JobName[] = ['scan.pages', 'scan.reprocess'];

/** The BullMQ queue all scan jobs share; the job's name picks the handler. */
export const SCAN_QUEUE_NAME = 'scans';

/** Pages a job will go through, for progress before the worker has reported any. */
export function pagesTotalOf(payload: { pages?: unknown[] }): number {
  return Array.isArray(payload?.pages) ? payload.pages.length : 0;
}
