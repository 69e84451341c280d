import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How far a stored page photo is turned (clockwise, in degrees) to stand upright: shown turned in
 * the admin and the reader, and read turned by Reprocess. The stored bytes never change.
 */
export class PageRotation1764400000000 implements MigrationInterface {
  name = 'PageRotation1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE scan_pages ADD COLUMN rotation smallint NOT NULL DEFAULT 0 CHECK (rotation IN (0, 90, 180, 270))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE scan_pages DROP COLUMN IF EXISTS rotation`);
  }
}
