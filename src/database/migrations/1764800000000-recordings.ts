import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recordings of a poem read aloud: the file in the store under storage_key, its type and length as
 * read from its bytes, who reads (null: the poet), when and where it was recorded, its place among
 * the poem's recordings, and where each line starts (seconds, by line).
 */
export class Recordings1764800000000 implements MigrationInterface {
  name = 'Recordings1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE recordings (
        id serial PRIMARY KEY,
        poem_id integer NOT NULL REFERENCES poems (id) ON DELETE CASCADE,
        storage_key text NOT NULL UNIQUE,
        mime_type text NOT NULL,
        byte_size bigint NOT NULL CHECK (byte_size > 0),
        sha256 text NOT NULL,
        duration_seconds double precision NOT NULL CHECK (duration_seconds > 0),
        reader text NULL,
        recorded text NOT NULL DEFAULT '',
        source text NOT NULL DEFAULT '',
        notes text NOT NULL DEFAULT '',
        position integer NOT NULL,
        line_marks jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX recordings_poem_idx ON recordings (poem_id, position, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS recordings`);
  }
}
