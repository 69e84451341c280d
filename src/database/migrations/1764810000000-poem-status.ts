import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A status for every poem (As scanned, Proofread, Checked) and who proofread it and when, so the
 * second curator who checks it can be told apart. Poems already in the archive were not marked:
 * they are As scanned. The curator is kept by id and by name (like the history's versions); no
 * foreign key, since a backup restores poems before the accounts.
 */
export class PoemStatus1764810000000 implements MigrationInterface {
  name = 'PoemStatus1764810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE poems
      ADD COLUMN proofreading_status text NOT NULL DEFAULT 'as_scanned'
        CONSTRAINT poems_proofreading_status_check CHECK (proofreading_status IN ('as_scanned', 'proofread', 'checked')),
      ADD COLUMN proofread_by integer NULL,
      ADD COLUMN proofread_by_name text NULL,
      ADD COLUMN proofread_at timestamptz NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE poems
      DROP COLUMN IF EXISTS proofread_at,
      DROP COLUMN IF EXISTS proofread_by_name,
      DROP COLUMN IF EXISTS proofread_by,
      DROP COLUMN IF EXISTS proofreading_status`);
  }
}
