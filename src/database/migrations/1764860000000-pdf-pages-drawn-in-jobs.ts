import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A scanned PDF's pages are drawn in the import's jobs, after the upload has answered: the upload
 * keeps the PDF itself in the file store and records each of its pages at once. A page not drawn
 * yet is a book import's scan_pages row with no photo: storage_key, byte_size and sha256 are NULL
 * until the job draws it, and pdf_key names the stored PDF it is drawn from (cleared once every page
 * of that PDF is drawn and the PDF removed). Such a row is job state: every reader of the page
 * archive (the pages screen, reprocess, backups) leaves it out, so a backup never holds a page
 * without its photo.
 */
export class PdfPagesDrawnInJobs1764860000000 implements MigrationInterface {
  name = 'PdfPagesDrawnInJobs1764860000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE scan_pages
        ADD COLUMN pdf_key text NULL,
        ALTER COLUMN storage_key DROP NOT NULL,
        ALTER COLUMN byte_size DROP NOT NULL,
        ALTER COLUMN sha256 DROP NOT NULL,
        ADD CONSTRAINT scan_pages_drawn_or_pending CHECK (
          (storage_key IS NULL) = (byte_size IS NULL) AND (storage_key IS NULL) = (sha256 IS NULL)
          AND (storage_key IS NOT NULL OR (pdf_key IS NOT NULL AND book_import_id IS NOT NULL)))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM scan_pages WHERE storage_key IS NULL`);
    await q.query(`
      ALTER TABLE scan_pages
        DROP CONSTRAINT IF EXISTS scan_pages_drawn_or_pending,
        DROP COLUMN IF EXISTS pdf_key,
        ALTER COLUMN storage_key SET NOT NULL,
        ALTER COLUMN byte_size SET NOT NULL,
        ALTER COLUMN sha256 SET NOT NULL`);
  }
}
