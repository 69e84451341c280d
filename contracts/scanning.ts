/**
 * Scanning's part of the API: page uploads, scan jobs and their progress, metadata extraction.
 */
import type { Poem, PublicationFields } from './catalog.js';

/**
 * The photo types the server takes for pages and metadata, with the file endings a picker offers
 * for each: the admin's file picker shows exactly this list. The server decides a file's type by
 * its first bytes; HEIC and HEIF are the same container (an iPhone's photos).
 */
export const PAGE_PHOTO_TYPES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
} as const;

/** How the accepted types are named to people. */
export const PAGE_PHOTO_TYPES_NAMED = 'JPEG, PNG, WebP and HEIC/HEIF images';

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
  /**
   * Poems already in the publication that this scan ran on: its first page continued the
   * publication's last poem from the page before. They are not among `poems` (not new).
   */
  continued: Array<{ id: number; title: string }>;
  duplicates: DuplicateReport[];
  /** The poems this scan added, in book order. */
  poems: Poem[];
  pages_total: number;
}

/**
 * GET /publications/{id}/unscanned_pages/: the publication's stored page photos that no scan has
 * read to the end. `waiting` are in a scan still queued or running; `unscanned` are not (their
 * scan failed or was lost), and Reprocess reads them again; `not_started` were sent for a
 * whole-book import not started yet (its files were not all sent): they wait for the rest of its
 * files, or go when it is cancelled.
 */
export interface UnscannedPages {
  unscanned: number;
  waiting: number;
  not_started: number;
}

/** 202 answer of batch_upload_pages, upload_page and reprocess with async=true. */
export interface ScanAccepted {
  job_id: string;
  status_url: string;
}

export type ScanJobName = 'scan.pages' | 'scan.reprocess';
export type ScanJobState = 'queued' | 'active' | 'completed' | 'failed';

export interface ScanJobProgress {
  pages_done: number;
  pages_total: number;
}

/** Why a job failed: the same code, message and status the synchronous HTTP answer carries. */
export interface ScanJobError {
  code: string;
  message: string;
  status: number;
}

/** GET /scans/{job_id}/. */
export interface ScanJob {
  job_id: string;
  name: ScanJobName;
  state: ScanJobState;
  progress: ScanJobProgress;
  /** Runs started so far (a retry or a takeover after a dead worker adds one). */
  attempts: number;
  result?: ScanResult;
  error?: ScanJobError;
}

/** POST /ai_extraction/extract_metadata/. */
export interface MetadataAnswer {
  success: boolean;
  metadata?: Partial<Omit<PublicationFields, 'authors'>> & { authors?: string[] | string };
  error?: string;
}

/** Images per metadata upload and per scan batch (SPEC section 9). */
export const MAX_IMAGES_PER_UPLOAD = 10;
/** Poems this similar to one already there are skipped as duplicates. */
export const DUPLICATE_SIMILARITY_PERCENT = 95;
