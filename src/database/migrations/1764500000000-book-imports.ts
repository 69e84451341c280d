import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whole-book imports: the import itself (its state, why it stopped, its last assembly's answer)
 * and, on its pages (ordinary scan_pages rows, so Reprocess, page photos and backups keep working),
 * where each came from and what was read on it, saved as soon as it is read so an interrupted
 * import reads only the pages still unread.
 */
export class BookImports1764500000000 implements MigrationInterface {
  name = 'BookImports1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE book_imports (
        id serial PRIMARY KEY,
        publication_id integer NOT NULL REFERENCES publications (id) ON DELETE CASCADE,
        job_id text NOT NULL UNIQUE,
        state text NOT NULL DEFAULT 'receiving' CHECK (state IN ('receiving', 'reading', 'assembling', 'finished', 'failed')),
        run integer NOT NULL DEFAULT 0,
        -- The queue job that claimed the assembly: only it (or its own retry) assembles.
        assembler text NULL,
        poems_so_far integer NOT NULL DEFAULT 0,
        result jsonb NULL,
        error jsonb NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX book_imports_publication_idx ON book_imports (publication_id, id)`);
    await q.query(`
      ALTER TABLE scan_pages
        ADD COLUMN book_import_id integer NULL REFERENCES book_imports (id) ON DELETE SET NULL,
        ADD COLUMN file_position integer NULL,
        ADD COLUMN file_name text NULL,
        ADD COLUMN pdf_page integer NULL,
        ADD COLUMN reading jsonb NULL,
        ADD COLUMN read_error text NULL`);
    await q.query(
      `CREATE INDEX scan_pages_book_import_idx ON scan_pages (book_import_id, file_position, pdf_page) WHERE book_import_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS scan_pages_book_import_idx`);
    await q.query(
      `ALTER TABLE scan_pages DROP COLUMN IF EXISTS book_import_id, DROP COLUMN IF EXISTS file_position, DROP COLUMN IF EXISTS file_name, DROP COLUMN IF EXISTS pdf_page, DROP COLUMN IF EXISTS reading, DROP COLUMN IF EXISTS read_error`,
    );
    await q.query(`DROP TABLE IF EXISTS book_imports`);
  }
}
