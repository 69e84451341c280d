import {
  BOOK_IMPORT_STALLED_SECONDS,
  type BookImportCounts,
  type BookImportRow,
  type BookImports,
  type BookPageRow,
  type DrawnPhoto,
  type NewBookPage,
  type RemovedFiles,
} from '../../../src/scanning/application/ports/book-imports.port.js';
import type { PageReading } from '../../../src/scanning/application/ports/extraction.port.js';
import type { ScanOutcome } from '../../../src/scanning/application/scan-job.types.js';
import { ManualClock } from './clock.js';
import { FakeScanPages, type FakeScanPageRow } from './scan-pages.js';

type FakeImportRow = BookImportRow & { assembler: string | null };

/** Book order: files by the place the admin gave them, a PDF's pages in order (NULLS FIRST), then page index. */
function bookOrder(a: FakeScanPageRow, b: FakeScanPageRow): number {
  return a.file_position! - b.file_position! || (a.pdf_page ?? -1) - (b.pdf_page ?? -1) || a.page_index - b.page_index;
}

/** The photos and PDFs the removed rows named that no page kept names. */
function filesNamedBy(removed: FakeScanPageRow[], kept: NewBookPage[]): RemovedFiles {
  const keptKeys = new Set(kept.flatMap((p) => [p.storageKey, p.pdfKey]));
  const unique = (keys: Array<string | null>) => [...new Set(keys)].filter((k): k is string => k !== null && !keptKeys.has(k));
  return { removedKeys: unique(removed.map((r) => r.storage_key)), removedPdfs: unique(removed.map((r) => r.pdf_key)) };
}

/**
 * Whole-book imports in memory, as BookImportsRepository keeps them: ids counted up from 1, pages
 * kept as rows of the page archive (`pages`, shared with FakeScanPages), a file sent again at a
 * position replacing its pages and answering the photos and PDFs no row names any more, a PDF's
 * page drawn once and its PDF let go once all its pages are, nothing
 * changed once the import has started or when the book would hold too many pages, a start only
 * from receiving with pages, a Retry only of a finished or failed import or one that has shown no
 * progress for BOOK_IMPORT_STALLED_SECONDS by `clock`, and each run's writes ignored once a later
 * run has begun.
 *
 * Left out: the row lock that serialises two requests for one import (calls here never interleave
 * inside one method), and the removal of imports with their publication.
 */
export class FakeBookImports implements BookImports {
  readonly imports: FakeImportRow[] = [];

  constructor(
    readonly archive: FakeScanPages = new FakeScanPages(),
    readonly clock = new ManualClock(),
  ) {
    archive.importGoesOn = (id) => ['receiving', 'reading', 'assembling'].includes(this.row(id)?.state ?? 'finished');
  }

  private row(id: number): FakeImportRow | undefined {
    return this.imports.find((r) => r.id === id);
  }

  private answer(row: FakeImportRow | undefined): BookImportRow | null {
    if (!row) return null;
    const { assembler: _assembler, ...rest } = structuredClone(row);
    return rest;
  }

  private pageRows(id: number): FakeScanPageRow[] {
    return this.archive.rows.filter((r) => r.book_import_id === id);
  }

  private touch(row: FakeImportRow): void {
    row.updated_at = this.clock.now();
  }

  async create(publicationId: number, jobId: string): Promise<BookImportRow> {
    const now = this.clock.now();
    const row: FakeImportRow = {
      id: this.imports.length + 1,
      publication_id: publicationId,
      job_id: jobId,
      state: 'receiving',
      run: 0,
      poems_so_far: 0,
      result: null,
      error: null,
      assembler: null,
      created_at: now,
      updated_at: now,
    };
    this.imports.push(row);
    return this.answer(row)!;
  }

  async find(id: number): Promise<BookImportRow | null> {
    return this.answer(this.row(id));
  }

  async latestOf(publicationId: number): Promise<BookImportRow | null> {
    return this.answer(this.imports.filter((r) => r.publication_id === publicationId).at(-1));
  }

  async counts(id: number): Promise<BookImportCounts> {
    const rows = this.pageRows(id);
    return {
      files: new Set(rows.map((r) => r.file_position)).size,
      pages: rows.length,
      drawn: rows.filter((r) => r.storage_key !== null).length,
      done: rows.filter((r) => r.reading !== null || r.read_error !== null).length,
    };
  }

  async pageIndexesAt(id: number, position: number): Promise<number[]> {
    return this.pageRows(id)
      .filter((r) => r.file_position === position)
      .map((r) => r.page_index);
  }

  async replaceFile(
    importRow: BookImportRow,
    file: { position: number; name: string; pages: NewBookPage[] },
    maxPages: number,
  ): Promise<RemovedFiles | 'started' | 'too-many'> {
    const row = this.row(importRow.id);
    if (row?.state !== 'receiving') return 'started';
    const others = this.pageRows(row.id).filter((r) => r.file_position !== file.position).length;
    if (others + file.pages.length > maxPages) return 'too-many';
    const replaced = this.pageRows(row.id).filter((r) => r.file_position === file.position);
    for (const old of replaced) this.archive.rows.splice(this.archive.rows.indexOf(old), 1);
    for (const page of file.pages) {
      this.archive.insert({
        publication_id: row.publication_id,
        job_id: row.job_id,
        page_index: page.pageIndex,
        storage_key: page.storageKey,
        mime_type: page.mimeType,
        byte_size: page.byteSize,
        sha256: page.sha256,
        page_number: null,
        rotation: 0,
        scanned: false,
        book_import_id: row.id,
        file_position: file.position,
        file_name: file.name,
        pdf_page: page.pdfPage,
        pdf_key: page.pdfKey,
        reading: null,
        read_error: null,
      });
    }
    this.touch(row);
    return filesNamedBy(replaced, file.pages);
  }

  async start(id: number): Promise<BookImportRow | null> {
    const row = this.row(id);
    if (row?.state !== 'receiving' || this.pageRows(id).length === 0) return null;
    Object.assign(row, { state: 'reading', run: row.run + 1 });
    this.touch(row);
    return this.answer(row);
  }

  async retry(id: number): Promise<BookImportRow | null> {
    const row = this.row(id);
    if (!row) return null;
    const stalled = this.clock.now().getTime() - row.updated_at.getTime() > BOOK_IMPORT_STALLED_SECONDS * 1000;
    const over = row.state === 'finished' || row.state === 'failed';
    const running = row.state === 'reading' || row.state === 'assembling';
    if (!over && !(running && stalled)) return null;
    Object.assign(row, { state: 'reading', run: row.run + 1, error: null, assembler: null });
    this.touch(row);
    for (const page of this.pageRows(id)) page.read_error = null;
    return this.answer(row);
  }

  async pages(id: number, options: { readings?: boolean } = {}): Promise<BookPageRow[]> {
    return this.pageRows(id)
      .sort(bookOrder)
      .map((r, place) => ({
        id: r.id,
        place,
        page_index: r.page_index,
        storage_key: r.storage_key,
        pdf_key: r.pdf_key,
        mime_type: r.mime_type,
        rotation: r.rotation,
        file_name: r.file_name!,
        pdf_page: r.pdf_page,
        read: r.reading !== null,
        reading: options.readings ? structuredClone(r.reading) : null,
        read_error: r.read_error,
      }));
  }

  private page(pageId: number): FakeScanPageRow | undefined {
    return this.archive.rows.find((r) => r.id === pageId);
  }

  async saveDrawn(pageId: number, photo: DrawnPhoto): Promise<boolean> {
    const page = this.page(pageId);
    if (page?.storage_key !== null) return false;
    Object.assign(page, { storage_key: photo.storageKey, byte_size: photo.byteSize, sha256: photo.sha256, read_error: null });
    const row = this.row(page.book_import_id!);
    if (row) this.touch(row);
    return true;
  }

  async forgetPdf(id: number, pdfKey: string): Promise<boolean> {
    const pages = this.pageRows(id).filter((r) => r.pdf_key === pdfKey);
    if (pages.length === 0 || pages.some((r) => r.storage_key === null)) return false;
    for (const page of pages) page.pdf_key = null;
    return true;
  }

  async saveReading(pageId: number, reading: PageReading): Promise<void> {
    const page = this.page(pageId);
    if (page) Object.assign(page, { reading: structuredClone(reading), read_error: null });
  }

  async saveFailure(pageId: number, reason: string): Promise<void> {
    const page = this.page(pageId);
    if (page) Object.assign(page, { reading: null, read_error: reason });
  }

  async addPoemsSoFar(id: number, run: number, poems: number): Promise<void> {
    const row = this.row(id);
    if (row?.run !== run || row.state !== 'reading') return;
    row.poems_so_far += poems;
    this.touch(row);
  }

  async claimAssembly(id: number, run: number, assembler: string): Promise<boolean> {
    const row = this.row(id);
    if (row?.run !== run) return false;
    const allRead = this.pageRows(id).every((p) => p.reading !== null || p.read_error !== null);
    if ((row.state === 'reading' && allRead) || (row.state === 'assembling' && row.assembler === assembler)) {
      Object.assign(row, { state: 'assembling', assembler });
      this.touch(row);
      return true;
    }
    return false;
  }

  async finish(id: number, run: number, result: ScanOutcome): Promise<void> {
    const row = this.row(id);
    if (row?.run !== run || row.state !== 'assembling') return;
    // Kept as JSON: dates come back as strings.
    Object.assign(row, {
      state: 'finished',
      result: JSON.parse(JSON.stringify(result)),
      poems_so_far: result.added.length + result.continued.length + result.duplicates.length,
    });
    this.touch(row);
  }

  async fail(id: number, error: { code: string; message: string }): Promise<void> {
    const row = this.row(id);
    if (row?.state !== 'reading' && row?.state !== 'assembling') return;
    Object.assign(row, { state: 'failed', error: { ...error } });
    this.touch(row);
  }

  async discard(id: number): Promise<RemovedFiles | 'started'> {
    const row = this.row(id);
    if (row?.state !== 'receiving') return 'started';
    const removed = this.pageRows(id);
    this.archive.rows.splice(0, this.archive.rows.length, ...this.archive.rows.filter((r) => r.book_import_id !== id));
    this.imports.splice(this.imports.indexOf(row), 1);
    return filesNamedBy(removed, []);
  }

  async unfinishedJobIds(publicationId: number): Promise<Map<string, 'receiving' | 'reading' | 'assembling'>> {
    return new Map(
      this.imports
        .filter((r) => r.publication_id === publicationId && r.state !== 'finished' && r.state !== 'failed')
        .map((r) => [r.job_id, r.state as 'receiving' | 'reading' | 'assembling']),
    );
  }
}
