import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { PageRotation } from '../../../../contracts/catalog.js';
import type { NewScanPage, ScanPageRow, ScanPages } from '../../application/ports/scan-pages.port.js';

const COLUMNS = 'id, publication_id, job_id, page_index, storage_key, mime_type, page_number, sha256, rotation';

/** A page with its photo: a book import's PDF page not drawn yet has none (its job draws it). */
const DRAWN = 'storage_key IS NOT NULL';

/** The page archive tables (scan_pages, poem_pages). */
@Injectable()
export class ScanPagesRepository implements ScanPages {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Records pages of an upload in one INSERT; the same upload again keeps its rows. Answers rows
   * in input order (read back in a second statement, so a concurrent identical upload's rows count).
   */
  async savePages(pages: NewScanPage[]): Promise<ScanPageRow[]> {
    if (pages.length === 0) return [];
    await this.db.query(
      `INSERT INTO scan_pages (publication_id, job_id, page_index, storage_key, mime_type, byte_size, sha256)
       SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[], $6::int[], $7::text[])
       ON CONFLICT (job_id, page_index) DO NOTHING`,
      [
        pages.map((p) => p.publicationId),
        pages.map((p) => p.jobId),
        pages.map((p) => p.pageIndex),
        pages.map((p) => p.storageKey),
        pages.map((p) => p.mimeType),
        pages.map((p) => p.byteSize),
        pages.map((p) => p.sha256),
      ],
    );
    return this.db.query<ScanPageRow[]>(
      `SELECT ${COLUMNS} FROM scan_pages
         JOIN unnest($1::text[], $2::int[]) WITH ORDINALITY AS wanted (job_id, page_index, n) USING (job_id, page_index)
        ORDER BY wanted.n`,
      [pages.map((p) => p.jobId), pages.map((p) => p.pageIndex)],
    );
  }

  /** Every stored page of a publication, in upload order (a PDF's page not drawn yet is no page photo yet). */
  listForPublication(publicationId: number): Promise<ScanPageRow[]> {
    return this.db.query(`SELECT ${COLUMNS} FROM scan_pages WHERE publication_id = $1 AND ${DRAWN} ORDER BY id`, [publicationId]);
  }

  async findPage(id: number): Promise<ScanPageRow | null> {
    const [row] = await this.db.query(`SELECT ${COLUMNS} FROM scan_pages WHERE id = $1 AND ${DRAWN}`, [id]);
    return (row as ScanPageRow) ?? null;
  }

  /** The pages a poem was read from, in reading order. */
  pagesOfPoem(poemId: number): Promise<ScanPageRow[]> {
    return this.db.query(
      `SELECT ${COLUMNS.split(', ')
        .map((c) => `s.${c}`)
        .join(', ')}
         FROM poem_pages pp JOIN scan_pages s ON s.id = pp.scan_page_id
        WHERE pp.poem_id = $1 ORDER BY pp.position`,
      [poemId],
    );
  }

  /** The pages of the poem with this slug or id, in reading order, in one statement (no check of who may see it). */
  pagesOfPoemRef(ref: string): Promise<ScanPageRow[]> {
    return this.db.query(
      `SELECT ${COLUMNS.split(', ')
        .map((c) => `s.${c}`)
        .join(', ')}
         FROM poems po JOIN poem_pages pp ON pp.poem_id = po.id JOIN scan_pages s ON s.id = pp.scan_page_id
        WHERE po.slug = $1 OR po.id = $2 ORDER BY pp.position`,
      [ref, /^\d{1,9}$/.test(ref) ? Number(ref) : null],
    );
  }

  /** Links a poem to the pages it was read from, in reading order, in one INSERT. */
  async linkPoem(poemId: number, scanPageIds: number[]): Promise<void> {
    if (scanPageIds.length === 0) return;
    await this.db.query(
      `INSERT INTO poem_pages (poem_id, scan_page_id, position)
       SELECT $1, page.id, page.n - 1 FROM unnest($2::int[]) WITH ORDINALITY AS page (id, n)
       ON CONFLICT DO NOTHING`,
      [poemId, scanPageIds],
    );
  }

  /** Poems linked to any of these pages, with their titles (reprocess: what the pages already gave). */
  async poemsOnPages(scanPageIds: number[]): Promise<Array<{ poem_id: number; scan_page_id: number }>> {
    if (scanPageIds.length === 0) return [];
    return this.db.query(`SELECT poem_id, scan_page_id FROM poem_pages WHERE scan_page_id = ANY($1::int[])`, [scanPageIds]);
  }

  /** Those of these jobs whose pages belong to another publication. */
  async jobsOfOtherPublications(publicationId: number, jobIds: string[]): Promise<string[]> {
    const rows: Array<{ job_id: string }> = await this.db.query(
      `SELECT DISTINCT job_id FROM scan_pages WHERE job_id = ANY($2::text[]) AND publication_id <> $1 ORDER BY job_id`,
      [publicationId, jobIds],
    );
    return rows.map((r) => r.job_id);
  }

  /**
   * Removes the publication's pages of these jobs, in one statement, except a page that gave poems
   * all of which stay (`poemIds` lists the poems being removed; absent, all of them go). A page that
   * gave a removed poem goes even if it also ran on a kept one: read again, it would bring the
   * removed poem back. Answers the storage keys of the removed pages.
   */
  async discardPages(publicationId: number, jobIds: string[], poemIds?: number[]): Promise<string[]> {
    // A DELETE answers [rows, count].
    const [rows]: [Array<{ storage_key: string | null }>, number] = await this.db.query(
      `DELETE FROM scan_pages s
        WHERE s.publication_id = $1 AND s.job_id = ANY($2::text[])
          AND ($3::int[] IS NULL
               OR NOT EXISTS (SELECT 1 FROM poem_pages pp WHERE pp.scan_page_id = s.id)
               OR EXISTS (SELECT 1 FROM poem_pages pp WHERE pp.scan_page_id = s.id AND pp.poem_id = ANY($3::int[])))
        RETURNING s.storage_key`,
      [publicationId, jobIds, poemIds ?? null],
    );
    return rows.map((r) => r.storage_key).filter((k): k is string => k !== null);
  }

  /** Pages a scan has read to the end (whether or not they gave new poems). */
  async markScanned(scanPageIds: number[]): Promise<void> {
    if (scanPageIds.length === 0) return;
    await this.db.query(`UPDATE scan_pages SET scanned_at = now() WHERE id = ANY($1::int[]) AND scanned_at IS NULL`, [scanPageIds]);
  }

  /**
   * The publication's pages no scan has read to the end, counted by the upload that brought them.
   * A page that gave a poem was read, whatever its mark says (rows restored from a backup have none).
   * A PDF's page not drawn yet counts while its import goes on; once it has ended, such a page (one
   * that could not be drawn) is no photo a Reprocess could read.
   */
  async unscannedByUpload(publicationId: number): Promise<Array<{ job_id: string; pages: number }>> {
    const rows: Array<{ job_id: string; pages: string | number }> = await this.db.query(
      `SELECT s.job_id, count(*) AS pages FROM scan_pages s
        WHERE s.publication_id = $1 AND s.scanned_at IS NULL
          AND (s.${DRAWN} OR EXISTS (SELECT 1 FROM book_imports b
                                      WHERE b.id = s.book_import_id AND b.state IN ('receiving', 'reading', 'assembling')))
          AND NOT EXISTS (SELECT 1 FROM poem_pages pp WHERE pp.scan_page_id = s.id)
        GROUP BY s.job_id ORDER BY min(s.id)`,
      [publicationId],
    );
    return rows.map((r) => ({ job_id: r.job_id, pages: Number(r.pages) }));
  }

  setRotation(
    scanPageId: number,
    rotation: PageRotation,
    changed: (transaction: EntityManager, page: ScanPageRow) => Promise<void>,
  ): Promise<ScanPageRow | null> {
    return this.db.transaction(async (tx) => {
      // An UPDATE ... RETURNING answers [rows, count].
      const [rows]: [ScanPageRow[], number] = await tx.query(`UPDATE scan_pages SET rotation = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [
        scanPageId,
        rotation,
      ]);
      const page = rows[0];
      if (!page) return null;
      await changed(tx, page);
      return page;
    });
  }

  async setPageNumber(scanPageId: number, pageNumber: number): Promise<void> {
    await this.db.query(`UPDATE scan_pages SET page_number = $2 WHERE id = $1 AND page_number IS NULL`, [scanPageId, pageNumber]);
  }
}
