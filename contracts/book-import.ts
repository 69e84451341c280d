/**
 * Whole-book import: any number of page photos and scanned PDFs, stored first, then read in page
 * order as one resumable job beside the spec's 10-photo batch scan (which keeps its limits).
 *
 * The admin's flow:
 * 1. POST /publications/{id}/book_imports/                 → 201 BookImport (state 'receiving')
 * 2. POST /book_imports/{import_id}/files/ one file per request, multipart: `file` (a photo or a
 *    PDF), `position` (the file's place in the book, 0-based), `csrf_token` as the other uploads
 *    → 201 BookImportFileAnswer. Sending a position again replaces that file's pages (a retried
 *    upload never adds pages twice). A refused file adds nothing. A PDF is answered once its cost
 *    and pages are checked and it is kept: its pages are drawn after the start (pages_drawn).
 * 3. POST /book_imports/{import_id}/start/                  → 202 BookImport (state 'reading')
 * 4. GET  /book_imports/{import_id}/                        → BookImport, to follow progress
 *    GET  /publications/{id}/book_import/                   → the publication's latest BookImport (404: none)
 * 5. POST /book_imports/{import_id}/retry/                  → 202 BookImport: failed pages read again
 *    DELETE /book_imports/{import_id}/                      → 204: an import not started (state
 *    'receiving') is cancelled: it and the files sent to it are removed; 409 once it has started
 *
 * The server scans whatever the tab does: closing it, signing out or a restart does not stop an
 * import; opening the publication again shows where it is.
 */
import type { ScanResult } from './scanning.js';

/** Files a PDF may hold: a poet's book runs to a few hundred pages; beyond this it is not one book. */
export const MAX_PDF_PAGES = 1000;
/** Pages one import may hold, photos and PDF pages together. */
export const MAX_BOOK_IMPORT_PAGES = 2000;
/** The file types an import takes: the page photo types and PDF. */
export const BOOK_IMPORT_PDF_TYPE = { 'application/pdf': ['.pdf'] } as const;

/**
 * receiving: files are being sent; reading: pages are being read (in order, possibly by several
 * workers); assembling: every page is read and poems are being added; finished: done (some pages
 * may have failed: see failed_pages, and Retry); failed: the import as a whole could not go on
 * (the publication was moved to the trash), with `error`.
 */
export type BookImportState = 'receiving' | 'reading' | 'assembling' | 'finished' | 'failed';

export interface BookImportFailedPage {
  /** The page's place in the import, 1-based, as "page 37 of 212" counts. */
  page: number;
  /** The file it came from, and the page within a PDF (1-based) when it came from one. */
  file_name: string;
  pdf_page?: number;
  /** Why it could not be read, in words for the curator. */
  reason: string;
}

export interface BookImport {
  id: number;
  publication_id: number;
  state: BookImportState;
  /** Files received so far (state 'receiving'). */
  files_received: number;
  /** Pages held: photos, and every page of each PDF. */
  pages_total: number;
  /**
   * Pages with their photo: every photo sent, and a PDF's pages once drawn. A PDF is kept whole when
   * it is sent (its pages counted, none drawn) and its pages are drawn after the start, a few before
   * each few are read.
   */
  pages_drawn: number;
  /** Pages read so far, failed ones included. */
  pages_done: number;
  /** Poems the pages read so far make, in book order (an estimate until the import finishes). */
  poems_so_far: number;
  /** Set once the import finished: poems it added, and the ones already in the publication. */
  poems_added: number;
  duplicates_ignored: number;
  failed_pages: BookImportFailedPage[];
  /** The last finished assembly's answer, as a batch scan answers (state 'finished'). */
  result?: ScanResult;
  /** Why the import stopped (state 'failed'). */
  error?: { code: string; message: string };
  created_at: string;
  updated_at: string;
}

export interface BookImportFileAnswer {
  position: number;
  /** Pages this file gave: 1 for a photo, its page count for a PDF. */
  pages: number;
  files_received: number;
  pages_total: number;
}
