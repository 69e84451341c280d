import type { PageRotation } from '../../../../contracts/catalog.js';
import type { TransactionStatements } from '../../../catalog/index.js';
/**
 * The page archive as the use cases reach it: which photo of which upload is stored where, which
 * poems were read from it, its printed page number, and whether a scan has read it to the end.
 */
export interface ScanPageRow {
  id: number;
  publication_id: number;
  job_id: string;
  page_index: number;
  storage_key: string;
  mime_type: string;
  page_number: number | null;
  sha256: string;
  /** The curator's turn of the photo, clockwise; the stored bytes never change. */
  rotation: PageRotation;
}

export interface NewScanPage {
  publicationId: number;
  jobId: string;
  pageIndex: number;
  storageKey: string;
  mimeType: string;
  byteSize: number;
  sha256: string;
}

export interface ScanPages {
  /** Records pages of an upload; the same upload again keeps its rows. Rows in input order. */
  savePages(pages: NewScanPage[]): Promise<ScanPageRow[]>;
  listForPublication(publicationId: number): Promise<ScanPageRow[]>;
  findPage(id: number): Promise<ScanPageRow | null>;
  pagesOfPoem(poemId: number): Promise<ScanPageRow[]>;
  pagesOfPoemRef(ref: string): Promise<ScanPageRow[]>;
  linkPoem(poemId: number, scanPageIds: number[]): Promise<void>;
  poemsOnPages(scanPageIds: number[]): Promise<Array<{ poem_id: number; scan_page_id: number }>>;
  markScanned(scanPageIds: number[]): Promise<void>;
  unscannedByUpload(publicationId: number): Promise<Array<{ job_id: string; pages: number }>>;
  setPageNumber(scanPageId: number, pageNumber: number): Promise<void>;
  /**
   * Turns a page photo; answers the page as it is now, or null for an unknown page. `changed` runs
   * in the same transaction once a page was turned (to tell the other processes on commit).
   */
  setRotation(
    scanPageId: number,
    rotation: PageRotation,
    changed: (transaction: TransactionStatements, page: ScanPageRow) => Promise<void>,
  ): Promise<ScanPageRow | null>;
}

export const SCAN_PAGES = Symbol('SCAN_PAGES');
