import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mistakes readers report under a published poem, for the curators' inbox. The sender's address
 * is kept (hashed) only for the hourly limit, and forgotten after it; it is not backed up.
 */
export class PoemReports1764820000000 implements MigrationInterface {
  name = 'PoemReports1764820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE poem_reports (
        id serial PRIMARY KEY,
        poem_id integer NOT NULL REFERENCES poems (id) ON DELETE CASCADE,
        line integer,
        quote text NOT NULL DEFAULT '',
        note text NOT NULL DEFAULT '',
        name text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'dismissed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz,
        closed_by text,
        address_hash text
      )`);
    await q.query(`CREATE INDEX poem_reports_status ON poem_reports (status, id)`);
    await q.query(`CREATE INDEX poem_reports_poem ON poem_reports (poem_id, created_at)`);
    await q.query(`CREATE INDEX poem_reports_address ON poem_reports (address_hash, created_at) WHERE address_hash IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS poem_reports`);
  }
}
