import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  BOOK_IMPORT_STALLED_SECONDS,
  type BookImportCounts,
  type BookImportRow,
  type BookImports,
  type BookPageRow,
  type DrawnPhoto,
  type NewBookPage,
  type RemovedFiles,
} from '../../application/ports/book-imports.port.js';
import type { PageReading } from '../../application/ports/extraction.port.js';
import type { ScanOutcome } from '../../application/scan-job.types.js';

const IMPORT_COLUMNS = 'id, publication_id, job_id, state, run, poems_so_far, result, error, created_at, updated_at';
/** Book order: files by the place the admin gave them, a PDF's pages in order. */
const BOOK_ORDER = 'file_position, pdf_page NULLS FIRST, page_index';

type RemovedRow = { storage_key: string | null; pdf_key: string | null };

/** The photos and PDFs the removed rows named that no page kept names. */
function filesNamedBy(removed: RemovedRow[], kept: NewBookPage[]): RemovedFiles {
  const keptKeys = new Set(kept.flatMap((p) => [p.storageKey, p.pdfKey]));
  const unique = (keys: Array<string | null>) => [...new Set(keys)].filter((k): k is string => k !== null && !keptKeys.has(k));
  return { removedKeys: unique(removed.map((r) => r.storage_key)), removedPdfs: unique(removed.map((r) => r.pdf_key)) };
}

const asImport = (row: BookImportRow | undefined): BookImportRow | null =>
  row ? { ...row, id: Number(row.id), publication_id: Number(row.publication_id) } : null;

/** Whole-book imports (book_imports) and their pages (scan_pages rows carrying the import's id). */
@Injectable()
export class BookImportsRepository implements BookImports {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async create(publicationId: number, jobId: string): Promise<BookImportRow> {
    const [row] = await this.db.query(`INSERT INTO book_imports (publication_id, job_id) VALUES ($1, $2) RETURNING ${IMPORT_COLUMNS}`, [
      publicationId,
      jobId,
    ]);
    return asImport(row)!;
  }

  async find(id: number): Promise<BookImportRow | null> {
    const [row] = await this.db.query(`SELECT ${IMPORT_COLUMNS} FROM book_imports WHERE id = $1`, [id]);
    return asImport(row);
  }

  async latestOf(publicationId: number): Promise<BookImportRow | null> {
    const [row] = await this.db.query(`SELECT ${IMPORT_COLUMNS} FROM book_imports WHERE publication_id = $1 ORDER BY id DESC LIMIT 1`, [
      publicationId,
    ]);
    return asImport(row);
  }

  async counts(id: number): Promise<BookImportCounts> {
    const [row] = await this.db.query(
      `SELECT count(DISTINCT file_position) AS files, count(*) AS pages, count(storage_key) AS drawn,
              count(*) FILTER (WHERE reading IS NOT NULL OR read_error IS NOT NULL) AS done
         FROM scan_pages WHERE book_import_id = $1`,
      [id],
    );
    return { files: Number(row.files), pages: Number(row.pages), drawn: Number(row.drawn), done: Number(row.done) };
  }

  async pageIndexesAt(id: number, position: number): Promise<number[]> {
    const rows: Array<{ page_index: number }> = await this.db.query(
      `SELECT page_index FROM scan_pages WHERE book_import_id = $1 AND file_position = $2`,
      [id, position],
    );
    return rows.map((r) => r.page_index);
  }

  replaceFile(importRow: BookImportRow, file: { position: number; name: string; pages: NewBookPage[] }, maxPages: number) {
    return this.db.transaction(async (tx): Promise<RemovedFiles | 'started' | 'too-many'> => {
      // The import's row locked: a start, or the same position sent twice at once, waits for this.
      const [locked] = await tx.query(`SELECT state FROM book_imports WHERE id = $1 FOR UPDATE`, [importRow.id]);
      if (locked?.state !== 'receiving') return 'started';
      const [others] = await tx.query(`SELECT count(*) AS n FROM scan_pages WHERE book_import_id = $1 AND file_position <> $2`, [
        importRow.id,
        file.position,
      ]);
      if (Number(others.n) + file.pages.length > maxPages) return 'too-many';
      const [removed]: [RemovedRow[], number] = await tx.query(
        `DELETE FROM scan_pages WHERE book_import_id = $1 AND file_position = $2 RETURNING storage_key, pdf_key`,
        [importRow.id, file.position],
      );
      const { pages } = file;
      await tx.query(
        `INSERT INTO scan_pages (publication_id, job_id, page_index, storage_key, mime_type, byte_size, sha256, book_import_id, file_position, file_name, pdf_page, pdf_key)
         SELECT $1, $2, p.page_index, p.storage_key, p.mime_type, p.byte_size, p.sha256, $3, $4, $5, p.pdf_page, p.pdf_key
           FROM unnest($6::int[], $7::text[], $8::text[], $9::int[], $10::text[], $11::int[], $12::text[])
             AS p (page_index, storage_key, mime_type, byte_size, sha256, pdf_page, pdf_key)`,
        [
          importRow.publication_id,
          importRow.job_id,
          importRow.id,
          file.position,
          file.name,
          pages.map((p) => p.pageIndex),
          pages.map((p) => p.storageKey),
          pages.map((p) => p.mimeType),
          pages.map((p) => p.byteSize),
          pages.map((p) => p.sha256),
          pages.map((p) => p.pdfPage),
          pages.map((p) => p.pdfKey),
        ],
      );
      await tx.query(`UPDATE book_imports SET updated_at = now() WHERE id = $1`, [importRow.id]);
      return filesNamedBy(removed, pages);
    });
  }

  discard(id: number) {
    return this.db.transaction(async (tx): Promise<RemovedFiles | 'started'> => {
      // Locked as replaceFile locks it: a file still being put in place finishes first, or finds the import gone.
      const [locked] = await tx.query(`SELECT state FROM book_imports WHERE id = $1 FOR UPDATE`, [id]);
      if (locked?.state !== 'receiving') return 'started';
      const [removed]: [RemovedRow[], number] = await tx.query(
        `DELETE FROM scan_pages WHERE book_import_id = $1 RETURNING storage_key, pdf_key`,
        [id],
      );
      await tx.query(`DELETE FROM book_imports WHERE id = $1`, [id]);
      return filesNamedBy(removed, []);
    });
  }

  async start(id: number): Promise<BookImportRow | null> {
    const [rows]: [BookImportRow[], number] = await this.db.query(
      `UPDATE book_imports SET state = 'reading', run = run + 1, updated_at = now()
        WHERE id = $1 AND state = 'receiving' AND EXISTS (SELECT 1 FROM scan_pages WHERE book_import_id = $1)
        RETURNING ${IMPORT_COLUMNS}`,
      [id],
    );
    return asImport(rows[0]);
  }

  /** Also takes up an import that stalled: its jobs lost (retries spent, a queue emptied), no progress for a while. */
  retry(id: number): Promise<BookImportRow | null> {
    return this.db.transaction(async (tx) => {
      const [rows]: [BookImportRow[], number] = await tx.query(
        `UPDATE book_imports SET state = 'reading', run = run + 1, error = NULL, assembler = NULL, updated_at = now()
          WHERE id = $1 AND (state IN ('finished', 'failed') OR (state IN ('reading', 'assembling') AND updated_at < now() - make_interval(secs => $2)))
          RETURNING ${IMPORT_COLUMNS}`,
        [id, BOOK_IMPORT_STALLED_SECONDS],
      );
      if (rows[0]) await tx.query(`UPDATE scan_pages SET read_error = NULL WHERE book_import_id = $1 AND read_error IS NOT NULL`, [id]);
      return asImport(rows[0]);
    });
  }

  async pages(id: number, options: { readings?: boolean } = {}): Promise<BookPageRow[]> {
    const rows: BookPageRow[] = await this.db.query(
      `SELECT id, (row_number() OVER (ORDER BY ${BOOK_ORDER}) - 1)::int AS place, page_index, storage_key, pdf_key, mime_type, rotation,
              file_name, pdf_page, reading IS NOT NULL AS read, ${options.readings ? 'reading' : 'NULL AS reading'}, read_error
         FROM scan_pages WHERE book_import_id = $1 ORDER BY ${BOOK_ORDER}`,
      [id],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id), read: r.read === true || (r.read as unknown) === 't' }));
  }

  async saveDrawn(pageId: number, photo: DrawnPhoto): Promise<boolean> {
    // The import shows progress as its pages are drawn: a long PDF is not taken for a stalled import.
    const [rows]: [unknown[], number] = await this.db.query(
      `WITH drawn AS (
         UPDATE scan_pages SET storage_key = $2, byte_size = $3, sha256 = $4, read_error = NULL
          WHERE id = $1 AND storage_key IS NULL RETURNING book_import_id)
       UPDATE book_imports SET updated_at = now() WHERE id IN (SELECT book_import_id FROM drawn) RETURNING id`,
      [pageId, photo.storageKey, photo.byteSize, photo.sha256],
    );
    return rows.length === 1;
  }

  async forgetPdf(id: number, pdfKey: string): Promise<boolean> {
    // One statement: the PDF is let go only while no page of it is still without its photo.
    const [rows]: [unknown[], number] = await this.db.query(
      `UPDATE scan_pages SET pdf_key = NULL
        WHERE book_import_id = $1 AND pdf_key = $2
          AND NOT EXISTS (SELECT 1 FROM scan_pages WHERE book_import_id = $1 AND pdf_key = $2 AND storage_key IS NULL)
        RETURNING id`,
      [id, pdfKey],
    );
    return rows.length > 0;
  }

  async saveReading(pageId: number, reading: PageReading): Promise<void> {
    await this.db.query(`UPDATE scan_pages SET reading = $2::jsonb, read_error = NULL WHERE id = $1`, [pageId, JSON.stringify(reading)]);
  }

  async saveFailure(pageId: number, reason: string): Promise<void> {
    await this.db.query(`UPDATE scan_pages SET read_error = $2, reading = NULL WHERE id = $1`, [pageId, reason]);
  }

  async addPoemsSoFar(id: number, run: number, poems: number): Promise<void> {
    await this.db.query(
      `UPDATE book_imports SET poems_so_far = poems_so_far + $3, updated_at = now() WHERE id = $1 AND run = $2 AND state = 'reading'`,
      [id, run, poems],
    );
  }

  async claimAssembly(id: number, run: number, assembler: string): Promise<boolean> {
    // One statement: of the jobs that read an import's last pages at once, the one whose update
    // comes second sees every page read; the row lock makes any other find it assembling already.
    const [rows]: [unknown[], number] = await this.db.query(
      `UPDATE book_imports SET state = 'assembling', assembler = $3, updated_at = now()
        WHERE id = $1 AND run = $2
          AND ((state = 'reading' AND NOT EXISTS (SELECT 1 FROM scan_pages WHERE book_import_id = $1 AND reading IS NULL AND read_error IS NULL))
               OR (state = 'assembling' AND assembler = $3))
        RETURNING id`,
      [id, run, assembler],
    );
    return rows.length === 1;
  }

  async finish(id: number, run: number, result: ScanOutcome): Promise<void> {
    await this.db.query(
      `UPDATE book_imports SET state = 'finished', result = $3::jsonb, poems_so_far = $4, updated_at = now() WHERE id = $1 AND run = $2 AND state = 'assembling'`,
      [id, run, JSON.stringify(result), result.added.length + result.continued.length + result.duplicates.length],
    );
  }

  async fail(id: number, error: { code: string; message: string }): Promise<void> {
    await this.db.query(
      `UPDATE book_imports SET state = 'failed', error = $2::jsonb, updated_at = now() WHERE id = $1 AND state IN ('reading', 'assembling')`,
      [id, JSON.stringify(error)],
    );
  }

  async unfinishedJobIds(publicationId: number): Promise<Map<string, 'receiving' | 'reading' | 'assembling'>> {
    const rows: Array<{ job_id: string; state: 'receiving' | 'reading' | 'assembling' }> = await this.db.query(
      `SELECT job_id, state FROM book_imports WHERE publication_id = $1 AND state IN ('receiving', 'reading', 'assembling')`,
      [publicationId],
    );
    return new Map(rows.map((r) => [r.job_id, r.state]));
  }
}
