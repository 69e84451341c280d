import type { BookImportState } from '../../../../contracts/book-import.js';
import type { PageRotation } from '../../../../contracts/catalog.js';
import type { PageReading } from './extraction.port.js';
import type { ScanOutcome, StoredScanResult } from '../scan-job.types.js';

/** A whole-book import as stored (book_imports). */
export interface BookImportRow {
  id: number;
  publication_id: number;
  /** scan_pages.job_id of its pages, and the stem of its queue jobs' ids. */
  job_id: string;
  state: BookImportState;
  /** Raised by each start and Retry: jobs of an earlier run find themselves superseded. */
  run: number;
  poems_so_far: number;
  /** The finished assembly's outcome (an import finished before outcomes were kept holds the API's answer). */
  result: StoredScanResult | null;
  error: { code: string; message: string } | null;
  created_at: Date;
  updated_at: Date;
}

/** One page of an import, with its place in the book (0-based, files in order, a PDF's pages in order). */
export interface BookPageRow {
  id: number;
  place: number;
  page_index: number;
  /** Its photo; null for a PDF's page not drawn yet (drawn from `pdf_key` by the import's job). */
  storage_key: string | null;
  /** The stored PDF a page is drawn from, until every page of that PDF is drawn. */
  pdf_key: string | null;
  mime_type: string;
  rotation: PageRotation;
  file_name: string;
  pdf_page: number | null;
  /** Whether the page has been read (its reading is loaded only when asked for). */
  read: boolean;
  reading: PageReading | null;
  read_error: string | null;
}

/** A page as a file brings it: a photo kept, or a PDF's page to draw (no photo yet: its PDF's key). */
export type NewBookPage = { pageIndex: number; mimeType: string; pdfPage: number | null } & (
  | { storageKey: string; byteSize: number; sha256: string; pdfKey: null }
  | { storageKey: null; byteSize: null; sha256: null; pdfKey: string }
);

/** A page photo as drawn from its PDF and kept. */
export interface DrawnPhoto {
  storageKey: string;
  byteSize: number;
  sha256: string;
}

/** Stored files no page names any more: page photos (removed with their copies) and PDFs. */
export interface RemovedFiles {
  removedKeys: string[];
  removedPdfs: string[];
}

export interface BookImportCounts {
  files: number;
  pages: number;
  /** Pages with their photo: every photo, and a PDF's pages once drawn. */
  drawn: number;
  /** Pages read or failed. */
  done: number;
}

export interface BookImports {
  create(publicationId: number, jobId: string): Promise<BookImportRow>;
  find(id: number): Promise<BookImportRow | null>;
  latestOf(publicationId: number): Promise<BookImportRow | null>;
  counts(id: number): Promise<BookImportCounts>;
  /** The page indexes held now by the file at `position` (a file sent again goes to the other slot). */
  pageIndexesAt(id: number, position: number): Promise<number[]>;
  /**
   * Puts a file's pages in place of the ones sent at `position` before, in one transaction, while the
   * import is receiving and holds at most `maxPages`. Answers the stored files no row names any more,
   * or 'started' / 'too-many' when nothing was changed.
   */
  replaceFile(
    importRow: BookImportRow,
    file: { position: number; name: string; pages: NewBookPage[] },
    maxPages: number,
  ): Promise<RemovedFiles | 'started' | 'too-many'>;
  /**
   * Removes an import still receiving and its pages, in one transaction: answers the stored files
   * its pages named (photos and PDFs), or 'started' when it was no longer receiving (nothing changed).
   */
  discard(id: number): Promise<RemovedFiles | 'started'>;
  /** receiving (with pages) → reading, next run; false when it was not receiving. */
  start(id: number): Promise<BookImportRow | null>;
  /** Failed pages' errors cleared, state reading, next run; null when it is still receiving or reading. */
  retry(id: number): Promise<BookImportRow | null>;
  /**
   * The import's pages in book order. Their readings (the OCR of each page: tens of kB each) come
   * only with `readings: true`, for the one assembly; progress reads never carry a book's worth.
   */
  pages(id: number, options?: { readings?: boolean }): Promise<BookPageRow[]>;
  /** A PDF's page drawn: its photo recorded, once (false when it had one already, or is gone). */
  saveDrawn(pageId: number, photo: DrawnPhoto): Promise<boolean>;
  /**
   * Once every page drawn from the PDF at `pdfKey` has its photo, forgets the PDF (true: it may be
   * removed from the store); false while a page of it is still to draw (one that failed, for Retry).
   */
  forgetPdf(id: number, pdfKey: string): Promise<boolean>;
  saveReading(pageId: number, reading: PageReading): Promise<void>;
  saveFailure(pageId: number, reason: string): Promise<void>;
  /** Adds poems found on pages just read to the import's running count. */
  addPoemsSoFar(id: number, run: number, poems: number): Promise<void>;
  /**
   * reading → assembling for the job `assembler`, atomically, once no page of the import is unread:
   * true for exactly one caller, and again for that same job when it runs once more.
   */
  claimAssembly(id: number, run: number, assembler: string): Promise<boolean>;
  finish(id: number, run: number, result: ScanOutcome): Promise<void>;
  fail(id: number, error: { code: string; message: string }): Promise<void>;
  /** The job ids (scan_pages.job_id) of the publication's imports not finished (receiving, reading or assembling), with their state. */
  unfinishedJobIds(publicationId: number): Promise<Map<string, 'receiving' | 'reading' | 'assembling'>>;
}

export const BOOK_IMPORTS = Symbol('BOOK_IMPORTS');

/**
 * An import reading with no progress for this long has lost its jobs (their retries spent, a queue
 * emptied): Retry takes it up again. A chunk of pages takes seconds; jobs merely queued behind
 * another book that a Retry overtakes only find their run superseded and do nothing.
 */
export const BOOK_IMPORT_STALLED_SECONDS = 600;
