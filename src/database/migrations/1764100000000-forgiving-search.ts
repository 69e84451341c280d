import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Forgiving search: misspellings and spelling variants ("travelled" for "traveled", "tiger" for
 * "Tyger"), and a book's title and authors leading to its poems.
 *
 * - A poem's document also holds its book's title and authors (weight D, below its own text), so
 *   "river songs dawn" finds the poem "Dawn" of River Songs. A book's rename rewrites its poems'
 *   documents (a trigger), as an edit of the poem does.
 * - `search_words` is the vocabulary of every searchable word, folded as documents are, with a
 *   trigram index (pg_trgm, on PGlite too): a visitor's word is looked up there for the words most
 *   like it, and the search runs with those as alternatives. Words are only added (a word of a
 *   deleted poem stays): the vocabulary only proposes alternatives, and a result is always a
 *   match of what a visitor can read, never a word of its own.
 */
export class ForgivingSearch1764100000000 implements MigrationInterface {
  name = 'ForgivingSearch1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`DROP TRIGGER IF EXISTS poems_search_sync ON poems`);
    await q.query(`DROP FUNCTION IF EXISTS poem_search_documents_sync()`);
    await q.query(`
      CREATE FUNCTION poem_search_document(title text, body text, book_title text, book_authors jsonb) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT poem_search_document(title, body)
            || setweight(to_tsvector('public.archive_search'::regconfig, coalesce(book_title, '') || ' ' || coalesce(book_authors::text, '')), 'D')
      $$`);
    await q.query(`
      CREATE FUNCTION poem_search_documents_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO poem_search_documents (poem_id, publication_id, document)
        SELECT NEW.id, NEW.publication_id, poem_search_document(NEW.title, NEW.body, pub.title, pub.authors)
          FROM publications pub WHERE pub.id = NEW.publication_id
        ON CONFLICT (poem_id) DO UPDATE SET publication_id = EXCLUDED.publication_id, document = EXCLUDED.document;
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE TRIGGER poems_search_sync AFTER INSERT OR UPDATE OF title, body, publication_id ON poems
      FOR EACH ROW EXECUTE FUNCTION poem_search_documents_sync()`);
    await q.query(`
      CREATE FUNCTION publication_poems_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE poem_search_documents d
           SET document = poem_search_document(po.title, po.body, NEW.title, NEW.authors)
          FROM poems po WHERE po.id = d.poem_id AND po.publication_id = NEW.id;
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE TRIGGER publications_poems_search_sync AFTER UPDATE OF title, authors ON publications
      FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.authors IS DISTINCT FROM NEW.authors)
      EXECUTE FUNCTION publication_poems_search_sync()`);

    // Byte order, so "a word starting with" is a range of the primary key.
    await q.query(`CREATE TABLE search_words (word text COLLATE "C" PRIMARY KEY)`);
    await q.query(`CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops)`);
    await q.query(`
      CREATE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_words (word) SELECT lexeme FROM unnest(NEW.document) ON CONFLICT DO NOTHING;
        RETURN NULL;
      END
      $$`);
    await q.query(
      `CREATE TRIGGER poem_search_documents_words AFTER INSERT OR UPDATE OF document ON poem_search_documents FOR EACH ROW EXECUTE FUNCTION search_words_add()`,
    );
    await q.query(`
      CREATE FUNCTION publication_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_words (word)
        SELECT lexeme FROM unnest(publication_search_document(NEW.title, NEW.authors, NEW.publisher, NEW.publication_date, NEW.isbn))
        ON CONFLICT DO NOTHING;
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE TRIGGER publications_search_words AFTER INSERT OR UPDATE OF title, authors, publisher, publication_date, isbn ON publications
      FOR EACH ROW EXECUTE FUNCTION publication_search_words_add()`);

    await q.query(`
      UPDATE poem_search_documents d SET document = poem_search_document(po.title, po.body, pub.title, pub.authors)
        FROM poems po JOIN publications pub ON pub.id = po.publication_id WHERE po.id = d.poem_id`);
    await q.query(`
      INSERT INTO search_words (word)
      SELECT lexeme FROM publications pub, unnest(publication_search_document(pub.title, pub.authors, pub.publisher, pub.publication_date, pub.isbn))
      ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS publications_search_words ON publications`);
    await q.query(`DROP FUNCTION IF EXISTS publication_search_words_add()`);
    await q.query(`DROP TRIGGER IF EXISTS poem_search_documents_words ON poem_search_documents`);
    await q.query(`DROP FUNCTION IF EXISTS search_words_add()`);
    await q.query(`DROP TABLE IF EXISTS search_words`);
    await q.query(`DROP TRIGGER IF EXISTS publications_poems_search_sync ON publications`);
    await q.query(`DROP FUNCTION IF EXISTS publication_poems_search_sync()`);
    await q.query(`DROP TRIGGER IF EXISTS poems_search_sync ON poems`);
    await q.query(`DROP FUNCTION IF EXISTS poem_search_documents_sync()`);
    await q.query(`DROP FUNCTION IF EXISTS poem_search_document(text, text, text, jsonb)`);
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
    await q.query(
      `UPDATE poem_search_documents d SET document = poem_search_document(po.title, po.body) FROM poems po WHERE po.id = d.poem_id`,
    );
  }
}
