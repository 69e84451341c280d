import type { PageRotation } from '../../../contracts/catalog.js';
import type { TransactionStatements } from '../../../src/catalog/index.js';
import type { PageReading } from '../../../src/scanning/application/ports/extraction.port.js';
import type { NewScanPage, ScanPageRow, ScanPages } from '../../../src/scanning/application/ports/scan-pages.port.js';

/** A row of scan_pages with the columns the ports leave out: when a scan read it, and a book import's. */
/** A row of scan_pages: a book import's PDF page not drawn yet has no photo (storage_key, byte_size, sha256 null) but its PDF's key. */
export interface FakeScanPageRow extends Omit<ScanPageRow, 'storage_key' | 'sha256'> {
  storage_key: string | null;
  sha256: string | null;
  byte_size: number | null;
  pdf_key: string | null;
  scanned: boolean;
  book_import_id: number | null;
  file_position: number | null;
  file_name: string | null;
  pdf_page: number | null;
  reading: PageReading | null;
  read_error: string | null;
}

/** A page with its photo: what every reader of the page archive sees (ScanPagesRepository's DRAWN). */
const drawn = (row: FakeScanPageRow): boolean => row.storage_key !== null;

/** The row as the port gives it (a drawn page's: its photo's key and checksum are there). */
const asPort = (row: FakeScanPageRow): ScanPageRow => ({
  id: row.id,
  publication_id: row.publication_id,
  job_id: row.job_id,
  page_index: row.page_index,
  storage_key: row.storage_key!,
  mime_type: row.mime_type,
  page_number: row.page_number,
  sha256: row.sha256!,
  rotation: row.rotation,
});

/**
 * The page archive (scan_pages, poem_pages) in memory, as ScanPagesRepository keeps it: ids counted
 * up from 1, one row per (job, page index) so the same upload again keeps its rows, a poem's pages
 * in the order it was read from them, a printed page number set once, and a page that gave a poem
 * counted as read whatever its mark. FakeBookImports keeps its pages in the same rows, as the
 * import's repository does.
 *
 * Left out: a poem's pages by its slug (pagesOfPoemRef takes ids only: the poems are the
 * catalog's), and the rows' removal with their publication.
 */
export class FakeScanPages implements ScanPages {
  readonly rows: FakeScanPageRow[] = [];
  /** Whether a book import is receiving, reading or assembling (FakeBookImports answers it, sharing these rows). */
  importGoesOn: (importId: number) => boolean = () => false;
  readonly links: Array<{ poem_id: number; scan_page_id: number; position: number }> = [];
  private nextId = 1;

  insert(row: Omit<FakeScanPageRow, 'id'>): FakeScanPageRow {
    const stored = { ...row, id: this.nextId++ };
    this.rows.push(stored);
    return stored;
  }

  async savePages(pages: NewScanPage[]): Promise<ScanPageRow[]> {
    return pages.map((p) => {
      const existing = this.rows.find((r) => r.job_id === p.jobId && r.page_index === p.pageIndex);
      return asPort(
        existing ??
          this.insert({
            publication_id: p.publicationId,
            job_id: p.jobId,
            page_index: p.pageIndex,
            storage_key: p.storageKey,
            mime_type: p.mimeType,
            byte_size: p.byteSize,
            sha256: p.sha256,
            page_number: null,
            rotation: 0,
            scanned: false,
            book_import_id: null,
            file_position: null,
            file_name: null,
            pdf_page: null,
            pdf_key: null,
            reading: null,
            read_error: null,
          }),
      );
    });
  }

  async listForPublication(publicationId: number): Promise<ScanPageRow[]> {
    return this.rows.filter((r) => r.publication_id === publicationId && drawn(r)).map(asPort);
  }

  async findPage(id: number): Promise<ScanPageRow | null> {
    const row = this.rows.find((r) => r.id === id);
    return row && drawn(row) ? asPort(row) : null;
  }

  async pagesOfPoem(poemId: number): Promise<ScanPageRow[]> {
    return this.links
      .filter((l) => l.poem_id === poemId)
      .sort((a, b) => a.position - b.position)
      .map((l) => asPort(this.rows.find((r) => r.id === l.scan_page_id)!));
  }

  pagesOfPoemRef(ref: string): Promise<ScanPageRow[]> {
    return this.pagesOfPoem(/^\d{1,9}$/.test(ref) ? Number(ref) : -1);
  }

  async linkPoem(poemId: number, scanPageIds: number[]): Promise<void> {
    scanPageIds.forEach((pageId, position) => {
      if (!this.links.some((l) => l.poem_id === poemId && l.scan_page_id === pageId)) {
        this.links.push({ poem_id: poemId, scan_page_id: pageId, position });
      }
    });
  }

  async poemsOnPages(scanPageIds: number[]): Promise<Array<{ poem_id: number; scan_page_id: number }>> {
    return this.links.filter((l) => scanPageIds.includes(l.scan_page_id)).map(({ poem_id, scan_page_id }) => ({ poem_id, scan_page_id }));
  }

  async markScanned(scanPageIds: number[]): Promise<void> {
    for (const row of this.rows) if (scanPageIds.includes(row.id)) row.scanned = true;
  }

  async unscannedByUpload(publicationId: number): Promise<Array<{ job_id: string; pages: number }>> {
    const counts = new Map<string, number>();
    for (const row of this.rows) {
      const counted = drawn(row) || (row.book_import_id !== null && this.importGoesOn(row.book_import_id));
      if (row.publication_id !== publicationId || !counted || row.scanned || this.links.some((l) => l.scan_page_id === row.id)) continue;
      counts.set(row.job_id, (counts.get(row.job_id) ?? 0) + 1);
    }
    return [...counts].map(([job_id, pages]) => ({ job_id, pages }));
  }

  async setPageNumber(scanPageId: number, pageNumber: number): Promise<void> {
    const row = this.rows.find((r) => r.id === scanPageId);
    if (row && row.page_number === null) row.page_number = pageNumber;
  }

  async setRotation(
    scanPageId: number,
    rotation: PageRotation,
    changed: (transaction: TransactionStatements, page: ScanPageRow) => Promise<void>,
  ): Promise<ScanPageRow | null> {
    const row = this.rows.find((r) => r.id === scanPageId);
    if (!row || !drawn(row)) return null;
    const before = row.rotation;
    row.rotation = rotation;
    try {
      await changed({ query: async () => [] }, asPort(row));
    } catch (err) {
      row.rotation = before;
      throw err;
    }
    return asPort(row);
  }
}
