import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Full-text search over poems and publications.
 *
 * `archive_search` is the 'simple' configuration (no stemming, no stop words, so "the" and "and"
 * in a remembered line still count) with accents folded by the unaccent dictionary first, so
 * "cafe" finds "Café". Both to_tsvector(regconfig, text) and the SQL functions below are
 * immutable, which lets GIN expression indexes hold the documents without a stored column
 * (a stored tsvector would travel with every `SELECT *` of the catalog).
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
    await q.query(`CREATE INDEX poems_search_idx ON poems USING gin (poem_search_document(title, body))`);
    await q.query(
      `CREATE INDEX publications_search_idx ON publications USING gin (publication_search_document(title, authors, publisher, publication_date, isbn))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS publications_search_idx`);
    await q.query(`DROP INDEX IF EXISTS poems_search_idx`);
    await q.query(`DROP FUNCTION IF EXISTS publication_search_document(text, jsonb, text, text, text)`);
    await q.query(`DROP FUNCTION IF EXISTS poem_search_document(text, text)`);
    await q.query(`DROP TEXT SEARCH CONFIGURATION IF EXISTS archive_search`);
  }
}
