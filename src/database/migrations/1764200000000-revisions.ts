import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Revision history of poems and publications. Each row is one version with who saved it and when;
 * the live row carries the number of its latest version (0 until its first recorded save, so rows
 * from before the history, from a scan or an older backup, get their first version lazily).
 * A poem's versions outlive the poem (a deleted poem is brought back from them); a publication's
 * go with it when it is deleted permanently. The curator is kept by name too, so a removed
 * curator's versions still say who made them.
 */
export class Revisions1764200000000 implements MigrationInterface {
  name = 'Revisions1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE publications ADD COLUMN revision integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE poems ADD COLUMN revision integer NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE TABLE revisions (
        id bigserial PRIMARY KEY,
        subject text NOT NULL CHECK (subject IN ('poem', 'publication')),
        subject_id integer NOT NULL,
        publication_id integer NOT NULL REFERENCES publications (id) ON DELETE CASCADE,
        revision integer NOT NULL CHECK (revision > 0),
        action text NOT NULL,
        snapshot jsonb NOT NULL,
        user_id integer NULL REFERENCES users (id) ON DELETE SET NULL,
        username text NULL,
        overwrote integer NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (subject, subject_id, revision)
      )`);
    await q.query(`CREATE INDEX revisions_publication_idx ON revisions (publication_id, subject)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS revisions`);
    await q.query(`ALTER TABLE poems DROP COLUMN IF EXISTS revision`);
    await q.query(`ALTER TABLE publications DROP COLUMN IF EXISTS revision`);
  }
}
