import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the reading of a scanned poem knows about each line (its page, its box on the page's photo,
 * its words' confidences and marks), kept beside the poem's text for proofreading: one entry per
 * line of the body (catalog/domain/poem-reading.ts). Null for a poem typed in, or scanned before.
 */
export class PoemReading1764830000000 implements MigrationInterface {
  name = 'PoemReading1764830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE poems ADD COLUMN reading jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE poems DROP COLUMN reading`);
  }
}
