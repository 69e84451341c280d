import type { Poem } from '../../catalog/domain/poem.js';

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
}

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

export interface DuplicateReport {
  title: string;
  /** The poem it matched: one already in the publication, or an earlier poem of this batch. */
  matched_poem: { id: number | null; title: string };
  /** 0..1 on normalised text, rounded to 3 decimals. */
  similarity: number;
  matched_in: 'publication' | 'batch';
}

/** What a finished scan answers, from the job and from the synchronous endpoints alike. */
export interface ScanResult {
  job_id: string;
  publication_id: number;
  /** Poems this scan added to the publication. */
  extracted_poems: number;
  duplicates_ignored: number;
  /** Poems found on the pages: extracted_poems + duplicates_ignored. */
  total_scanned: number;
  /** Candidates with no line of verse (a heading alone, a stray title), dropped and never saved. */
  empty_dropped: number;
  duplicates: DuplicateReport[];
  poems: Poem[];
  pages_total: number;
}
