import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The language each publication is written in (a BCP 47 tag): readers are told it and offline OCR
 * reads its photos with that language's model. Books already in the archive were read as English.
 */
export class PublicationLanguage1764600000000 implements MigrationInterface {
  name = 'PublicationLanguage1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE publications ADD COLUMN language text NOT NULL DEFAULT 'en'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE publications DROP COLUMN IF EXISTS language`);
  }
}
