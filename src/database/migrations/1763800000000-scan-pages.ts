import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The page archive: every uploaded page photo, and which poems were read from which pages. */
export class ScanPages1763800000000 implements MigrationInterface {
  name = 'ScanPages1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE scan_pages (
        id serial PRIMARY KEY,
        publication_id integer NOT NULL REFERENCES publications (id) ON DELETE CASCADE,
        job_id text NOT NULL,
        page_index integer NOT NULL,
        storage_key text NOT NULL,
        mime_type text NOT NULL,
        byte_size integer NOT NULL,
        sha256 text NOT NULL,
        page_number integer NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (job_id, page_index)
      )`);
    await q.query(`CREATE INDEX scan_pages_publication_idx ON scan_pages (publication_id, id)`);
    await q.query(`
      CREATE TABLE poem_pages (
        poem_id integer NOT NULL REFERENCES poems (id) ON DELETE CASCADE,
        scan_page_id integer NOT NULL REFERENCES scan_pages (id) ON DELETE CASCADE,
        position integer NOT NULL,
        PRIMARY KEY (poem_id, scan_page_id)
      )`);
    await q.query(`CREATE INDEX poem_pages_page_idx ON poem_pages (scan_page_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS poem_pages`);
    await q.query(`DROP TABLE IF EXISTS scan_pages`);
  }
}
