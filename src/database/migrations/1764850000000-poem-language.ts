import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A poem's own language (a BCP 47 tag), for a poem in another language than its book; NULL is the
 * book's. Its search stems follow it: the poems' trigger stems with the poem's language or its
 * book's, and a book's change of language rewrites the stems of its poems without one of their own.
 */
export class PoemLanguage1764850000000 implements MigrationInterface {
  name = 'PoemLanguage1764850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE poems ADD COLUMN language text`);
    await this.stemWith(q, 'coalesce(NEW.language, pub.language)', 'coalesce(po.language, NEW.language)');
    await q.query(`DROP TRIGGER poems_search_sync ON poems`);
    await q.query(`
      CREATE TRIGGER poems_search_sync AFTER INSERT OR UPDATE OF title, body, publication_id, language ON poems
      FOR EACH ROW EXECUTE FUNCTION poem_search_documents_sync()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER poems_search_sync ON poems`);
    await q.query(`
      CREATE TRIGGER poems_search_sync AFTER INSERT OR UPDATE OF title, body, publication_id ON poems
      FOR EACH ROW EXECUTE FUNCTION poem_search_documents_sync()`);
    await this.stemWith(q, 'pub.language', 'NEW.language');
    await q.query(`ALTER TABLE poems DROP COLUMN IF EXISTS language`);
    await q.query(`
      UPDATE poem_search_documents d SET stems = poem_search_stems(pub.language, po.title, po.body)
        FROM poems po JOIN publications pub ON pub.id = po.publication_id WHERE po.id = d.poem_id`);
  }

  /** The search triggers' functions (1764700000000-search-stems.ts), stemming with the language given. */
  private async stemWith(q: QueryRunner, poemLanguage: string, bookPoemLanguage: string): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION poem_search_documents_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO poem_search_documents (poem_id, publication_id, document, stems)
        SELECT NEW.id, NEW.publication_id, poem_search_document(NEW.title, NEW.body, pub.title, pub.authors),
               poem_search_stems(${poemLanguage}, NEW.title, NEW.body)
          FROM publications pub WHERE pub.id = NEW.publication_id
        ON CONFLICT (poem_id) DO UPDATE
          SET publication_id = EXCLUDED.publication_id, document = EXCLUDED.document, stems = EXCLUDED.stems;
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE OR REPLACE FUNCTION publication_poems_stems_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE poem_search_documents d SET stems = poem_search_stems(${bookPoemLanguage}, po.title, po.body)
          FROM poems po WHERE po.id = d.poem_id AND po.publication_id = NEW.id;
        RETURN NULL;
      END
      $$`);
  }
}
