import type { PageRotation } from '../../../contracts/catalog.js';
import type { ScanResult } from '../../../contracts/scanning.js';
import type { Poem } from '../../catalog/index.js';

/** A page photo already kept in the page store, as a job refers to it. */
export interface StoredPageRef {
  /** scan_pages.id */
  scanPageId: number;
  /** Position in the job's batch (PageImage.index). */
  index: number;
  storageKey: string;
  mimeType: string;
  /** Pages of one upload, consecutive in the book; a reprocess reads each upload's pages on their own. */
  uploadJobId?: string;
  /** Degrees clockwise the curator turned the photo (absent: as uploaded); read turned. */
  rotation?: PageRotation;
}

/** The id of an upload's scan job: `scan-`, the publication, a hash of its photos (ScanService.scanUpload). */
export const UPLOAD_JOB_ID = /^scan-\d+-[0-9a-f]{32}$/;

/** Payload of an upload scan (batch_upload_pages, upload_page). */
export interface ScanPagesPayload {
  publicationId: number;
  pages: StoredPageRef[];
}

/** Payload of a reprocess: every stored page of the publication at the time it was asked for. */
export interface ReprocessPayload {
  publicationId: number;
  pages: StoredPageRef[];
}

import type { DuplicateFound } from '../domain/batch-triage.js';

export type { DuplicateFound };

/** What a scan did to its publication: the result of a scan job and of a book import's assembly. */
export interface ScanOutcome {
  jobId: string;
  publicationId: number;
  /** Poems added to the publication, in book order. */
  added: Poem[];
  /** Poems already in the publication that the scan ran on (its first page continued them); not new. */
  continued: Array<{ id: number; title: string }>;
  duplicates: DuplicateFound[];
  /** Candidates with no line of verse (a heading alone, a stray title), dropped and never saved. */
  emptyDropped: number;
  pagesTotal: number;
}

/** A poem of an outcome read back from the queue or the database: JSON turned its dates into ISO strings. */
type StoredPoem = Omit<Poem, 'createdAt' | 'updatedAt'> & { createdAt: Date | string; updatedAt: Date | string };

/**
 * A finished scan's result as it is kept (the queue's job, book_imports.result) and read back,
 * possibly by another process: the outcome, or, for a scan finished before outcomes were kept,
 * the API's answer itself.
 */
export type StoredScanResult = (Omit<ScanOutcome, 'added'> & { added: StoredPoem[] }) | ScanResult;

/** Payload of one chunk of a whole-book import: some of its pages (scan_pages ids), of one run. */
export interface BookChunkPayload {
  importId: number;
  run: number;
  pageIds: number[];
}

export interface BookChunkResult {
  pages_read: number;
  pages_failed: number;
  /** This chunk read the book's last page and assembled the book. */
  assembled: boolean;
}
