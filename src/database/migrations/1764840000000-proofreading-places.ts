import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where each curator stopped proofreading each book (the poem "Proofread this book" opens at
 * next time). A curator's bookmark, not the archive's content: it goes with the curator, the book
 * or the poem, and backups leave it out.
 */
export class ProofreadingPlaces1764840000000 implements MigrationInterface {
  name = 'ProofreadingPlaces1764840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE proofreading_places (
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        publication_id integer NOT NULL REFERENCES publications (id) ON DELETE CASCADE,
        poem_id integer NOT NULL REFERENCES poems (id) ON DELETE CASCADE,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, publication_id)
      )`);
    await q.query(`CREATE INDEX proofreading_places_poem ON proofreading_places (poem_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE proofreading_places`);
  }
}
