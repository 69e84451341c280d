import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The memorial settings, edited in the admin: one row (id 1). Until now they lived only in
 * SITE_SETTINGS_FILE, which now gives the first start's defaults (the API stores them on start).
 * The portrait is a photo in the page store, named here by its key.
 */
export class MemorialSettings1764300000000 implements MigrationInterface {
  name = 'MemorialSettings1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE memorial_settings (
        id smallint PRIMARY KEY CHECK (id = 1),
        site_name text NOT NULL,
        poet_name text NOT NULL,
        birth_date text CHECK (birth_date ~ '^\\d{4}-\\d{2}-\\d{2}$'),
        death_date text CHECK (death_date ~ '^\\d{4}-\\d{2}-\\d{2}$'),
        poet_title text NOT NULL,
        biography text NOT NULL,
        hero_text text NOT NULL,
        footer_credit text NOT NULL,
        portrait_key text,
        portrait_width integer,
        portrait_height integer,
        updated_at timestamptz,
        updated_by integer REFERENCES users (id) ON DELETE SET NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS memorial_settings`);
  }
}
