import type { ScanJobProgress } from '../../../contracts/scanning.js';
import type { JobCatalogue } from '../../queue/index.js';
import type { BookChunkPayload, BookChunkResult, ReprocessPayload, ScanPagesPayload, StoredScanResult } from './scan-job.types.js';

/** Every scan job, with its payload, result and progress report. */
export type ScanJobCatalogue = {
  /** Extract poems from freshly uploaded page photos and add the new ones to the publication. */
  'scan.pages': { payload: ScanPagesPayload; result: StoredScanResult; progress: ScanJobProgress };
  /** Extract poems again from a publication's stored pages, adding only poems not already there. */
  'scan.reprocess': { payload: ReprocessPayload; result: StoredScanResult; progress: ScanJobProgress };
  /** Read some pages of a whole-book import; the job that reads the book's last page assembles the book. */
  'book.read': { payload: BookChunkPayload; result: BookChunkResult; progress: ScanJobProgress };
};

/** Pages a job will go through, shown before the job has reported any (read from whatever Redis holds). */
const pagesQueued = (payload: { pages?: unknown[] }): ScanJobProgress => ({
  pages_done: 0,
  pages_total: Array.isArray(payload?.pages) ? payload.pages.length : 0,
});

export const SCAN_JOBS: JobCatalogue<ScanJobCatalogue> = {
  'scan.pages': { initialProgress: pagesQueued },
  'scan.reprocess': { initialProgress: pagesQueued },
  'book.read': {
    initialProgress: (payload) => ({ pages_done: 0, pages_total: Array.isArray(payload?.pageIds) ? payload.pageIds.length : 0 }),
  },
};

/** The BullMQ queue all scan jobs share (its Redis keys are `${SCAN_QUEUE_PREFIX}:scans:…`); the job's name picks the handler. */
export const SCAN_QUEUE_NAME = 'scans';
/** The table of scan jobs kept in the database when there is no Redis. */
export const SCAN_JOBS_TABLE = 'scan_jobs';
