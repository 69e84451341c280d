import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search by word stems in each book's language, beside the forgiving match of the words as written:
 * "Träume" and "Traum" share the German stem, "flies" and "fly" the English one, "canciones" and
 * "canción" the Spanish one. A poem's `stems` are its title and text, accents folded as a visitor's
 * words are (unaccent), through the Snowball
 * stemmer of its book's language (PostgreSQL's built-in configurations, on PGlite too), or the
 * plain words for a language without one (Latin); kept by the poems' trigger, and rewritten for a
 * book's poems when the book's language changes.
 */
export class SearchStems1764700000000 implements MigrationInterface {
  name = 'SearchStems1764700000000';

  async up(q: QueryRunner): Promise<void> {
    // The language subtag of a BCP 47 tag, to the text search configuration that stems it.
    await q.query(`
      CREATE FUNCTION search_stem_config(language text) RETURNS regconfig
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT (CASE lower(split_part(coalesce(language, 'en'), '-', 1))
          WHEN 'en' THEN 'pg_catalog.english' WHEN 'de' THEN 'pg_catalog.german' WHEN 'fr' THEN 'pg_catalog.french'
          WHEN 'es' THEN 'pg_catalog.spanish' WHEN 'it' THEN 'pg_catalog.italian' WHEN 'pt' THEN 'pg_catalog.portuguese'
          WHEN 'nl' THEN 'pg_catalog.dutch' WHEN 'da' THEN 'pg_catalog.danish' WHEN 'sv' THEN 'pg_catalog.swedish'
          WHEN 'no' THEN 'pg_catalog.norwegian' WHEN 'nb' THEN 'pg_catalog.norwegian' WHEN 'nn' THEN 'pg_catalog.norwegian'
          WHEN 'fi' THEN 'pg_catalog.finnish' WHEN 'hu' THEN 'pg_catalog.hungarian' WHEN 'ro' THEN 'pg_catalog.romanian'
          WHEN 'ru' THEN 'pg_catalog.russian' WHEN 'tr' THEN 'pg_catalog.turkish' WHEN 'ga' THEN 'pg_catalog.irish'
          WHEN 'el' THEN 'pg_catalog.greek' WHEN 'ca' THEN 'pg_catalog.catalan' WHEN 'eu' THEN 'pg_catalog.basque'
          ELSE 'pg_catalog.simple' END)::regconfig
      $$`);
    await q.query(`
      CREATE FUNCTION poem_search_stems(language text, title text, body text) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT to_tsvector(search_stem_config(language), public.unaccent(coalesce(title, '') || E'\\n' || coalesce(body, '')))
      $$`);
    await q.query(`ALTER TABLE poem_search_documents ADD COLUMN stems tsvector NOT NULL DEFAULT ''::tsvector`);
    await q.query(`CREATE INDEX poem_search_stems_idx ON poem_search_documents USING gin (stems)`);
    await q.query(`
      CREATE OR REPLACE FUNCTION poem_search_documents_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO poem_search_documents (poem_id, publication_id, document, stems)
        SELECT NEW.id, NEW.publication_id, poem_search_document(NEW.title, NEW.body, pub.title, pub.authors),
               poem_search_stems(pub.language, NEW.title, NEW.body)
          FROM publications pub WHERE pub.id = NEW.publication_id
        ON CONFLICT (poem_id) DO UPDATE
          SET publication_id = EXCLUDED.publication_id, document = EXCLUDED.document, stems = EXCLUDED.stems;
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE FUNCTION publication_poems_stems_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE poem_search_documents d SET stems = poem_search_stems(NEW.language, po.title, po.body)
          FROM poems po WHERE po.id = d.poem_id AND po.publication_id = NEW.id;
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE TRIGGER publications_poems_stems_sync AFTER UPDATE OF language ON publications
      FOR EACH ROW WHEN (OLD.language IS DISTINCT FROM NEW.language)
      EXECUTE FUNCTION publication_poems_stems_sync()`);
    await q.query(`
      UPDATE poem_search_documents d SET stems = poem_search_stems(pub.language, po.title, po.body)
        FROM poems po JOIN publications pub ON pub.id = po.publication_id WHERE po.id = d.poem_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS publications_poems_stems_sync ON publications`);
    await q.query(`DROP FUNCTION IF EXISTS publication_poems_stems_sync()`);
    await q.query(`
      CREATE OR REPLACE FUNCTION poem_search_documents_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO poem_search_documents (poem_id, publication_id, document)
        SELECT NEW.id, NEW.publication_id, poem_search_document(NEW.title, NEW.body, pub.title, pub.authors)
          FROM publications pub WHERE pub.id = NEW.publication_id
        ON CONFLICT (poem_id) DO UPDATE SET publication_id = EXCLUDED.publication_id, document = EXCLUDED.document;
        RETURN NULL;
      END
      $$`);
    await q.query(`DROP INDEX IF EXISTS poem_search_stems_idx`);
    await q.query(`ALTER TABLE poem_search_documents DROP COLUMN IF EXISTS stems`);
    await q.query(`DROP FUNCTION IF EXISTS poem_search_stems(text, text, text)`);
    await q.query(`DROP FUNCTION IF EXISTS search_stem_config(text)`);
  }
}
