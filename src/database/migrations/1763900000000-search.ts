import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Full-text search over poems and publications.
 *
 * `archive_search` is the 'simple' configuration (no stemming, no stop words, so "the" and "and"
 * in a remembered line still count) with accents folded by the unaccent dictionary first, so
 * "cafe" finds "Café". to_tsvector(regconfig, text) is immutable, so the document functions are
 * too, as index expressions require.
 *
 * A poem's document is kept parsed in poem_search_documents, written by a trigger whenever a
 * poem's title or text changes: ranking re-parsing every matching poem costs about half a
 * millisecond a poem on PGlite, seconds for a common word. A stored column on poems would travel
 * with every `SELECT *` of the catalog instead. Publications are few and short, so theirs is an
 * expression index.
 */
export class Search1763900000000 implements MigrationInterface {
  name = 'Search1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    await q.query(`CREATE TEXT SEARCH CONFIGURATION archive_search (COPY = pg_catalog.simple)`);
    await q.query(`
      ALTER TEXT SEARCH CONFIGURATION archive_search
        ALTER MAPPING FOR word, hword, hword_part, numword, numhword, hword_numpart WITH unaccent, simple`);
    // Title (A), first line (B: how poems are remembered and indexed), whole text (C).
    await q.query(`
      CREATE FUNCTION poem_search_document(title text, body text) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT setweight(to_tsvector('public.archive_search'::regconfig, title), 'A')
            || setweight(to_tsvector('public.archive_search'::regconfig, coalesce(substring(body from '^\\s*([^\\n]*)'), '')), 'B')
            || setweight(to_tsvector('public.archive_search'::regconfig, body), 'C')
      $$`);
    // Title (A), authors (B), publisher (C), date and ISBN (D); the curator's notes stay private.
    await q.query(`
      CREATE FUNCTION publication_search_document(title text, authors jsonb, publisher text, publication_date text, isbn text)
      RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT setweight(to_tsvector('public.archive_search'::regconfig, title), 'A')
            || setweight(to_tsvector('public.archive_search'::regconfig, authors::text), 'B')
            || setweight(to_tsvector('public.archive_search'::regconfig, publisher), 'C')
            || setweight(to_tsvector('public.archive_search'::regconfig, publication_date || ' ' || isbn), 'D')
      $$`);
    await q.query(`
      CREATE TABLE poem_search_documents (
        poem_id integer PRIMARY KEY REFERENCES poems (id) ON DELETE CASCADE,
        -- Beside the document, so visibility is one join with the few publications.
        publication_id integer NOT NULL,
        document tsvector NOT NULL
      )`);
    await q.query(`CREATE INDEX poem_search_documents_idx ON poem_search_documents USING gin (document)`);
    await q.query(`
      CREATE FUNCTION poem_search_documents_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO poem_search_documents (poem_id, publication_id, document)
        VALUES (NEW.id, NEW.publication_id, poem_search_document(NEW.title, NEW.body))
        ON CONFLICT (poem_id) DO UPDATE SET publication_id = EXCLUDED.publication_id, document = EXCLUDED.document;
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE TRIGGER poems_search_sync AFTER INSERT OR UPDATE OF title, body, publication_id ON poems
      FOR EACH ROW EXECUTE FUNCTION poem_search_documents_sync()`);
    await q.query(`
      INSERT INTO poem_search_documents (poem_id, publication_id, document)
      SELECT id, publication_id, poem_search_document(title, body) FROM poems`);
    await q.query(
      `CREATE INDEX publications_search_idx ON publications USING gin (publication_search_document(title, authors, publisher, publication_date, isbn))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS publications_search_idx`);
    await q.query(`DROP TRIGGER IF EXISTS poems_search_sync ON poems`);
    await q.query(`DROP FUNCTION IF EXISTS poem_search_documents_sync()`);
    await q.query(`DROP TABLE IF EXISTS poem_search_documents`);
    await q.query(`DROP FUNCTION IF EXISTS publication_search_document(text, jsonb, text, text, text)`);
    await q.query(`DROP FUNCTION IF EXISTS poem_search_document(text, text)`);
    await q.query(`DROP TEXT SEARCH CONFIGURATION IF EXISTS archive_search`);
  }
}
