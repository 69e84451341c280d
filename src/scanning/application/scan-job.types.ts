import type { PageRotation } from '../../../contracts/catalog.js';

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

/** What a finished scan answers; defined with the rest of the API in contracts/. */
export type { DuplicateReport, ScanResult } from '../../../contracts/scanning.js';

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
