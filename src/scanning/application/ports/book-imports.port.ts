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
  storage_key: string;
  mime_type: string;
  rotation: PageRotation;
  file_name: string;
  pdf_page: number | null;
  /** Whether the page has been read (its reading is loaded only when asked for). */
  read: boolean;
  reading: PageReading | null;
  read_error: string | null;
}

export interface NewBookPage {
  pageIndex: number;
  storageKey: string;
  mimeType: string;
  byteSize: number;
  sha256: string;
  pdfPage: number | null;
}

export interface BookImportCounts {
  files: number;
  pages: number;
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
   * import is receiving and holds at most `maxPages`. Answers the storage keys no row names any more,
   * or 'started' / 'too-many' when nothing was changed.
   */
  replaceFile(
    importRow: BookImportRow,
    file: { position: number; name: string; pages: NewBookPage[] },
    maxPages: number,
  ): Promise<{ removedKeys: string[] } | 'started' | 'too-many'>;
  /**
   * Removes an import still receiving and its pages, in one transaction: answers the storage keys
   * of the photos its pages held, or 'started' when it was no longer receiving (nothing changed).
   */
  discard(id: number): Promise<{ removedKeys: string[] } | 'started'>;
  /** receiving (with pages) → reading, next run; false when it was not receiving. */
  start(id: number): Promise<BookImportRow | null>;
  /** Failed pages' errors cleared, state reading, next run; null when it is still receiving or reading. */
  retry(id: number): Promise<BookImportRow | null>;
  /**
   * The import's pages in book order. Their readings (the OCR of each page: tens of kB each) come
   * only with `readings: true`, for the one assembly; progress reads never carry a book's worth.
   */
  pages(id: number, options?: { readings?: boolean }): Promise<BookPageRow[]>;
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
