import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AlikeWords, IndexQuery, PoemMatch, PublicationMatch, SearchIndex } from '../application/ports/search-index.port.js';
import type { SearchTerm } from '../application/search-text.js';

const CONFIG = `'public.archive_search'::regconfig`;

/** Terms hold only letters and digits; quoting them anyway keeps the string a tsquery whatever they hold. */
const quoted = (word: string) => `'${word.replace(/['\\]/g, (c) => `\\${c}`)}'`;

/** One term: the word (a prefix when long enough) or any of its alternatives; with `weight` only there. */
function termQuery(t: SearchTerm, weight: string, alternatives: boolean): string {
  const label = `${t.prefix ? '*' : ''}${weight}`;
  const own = `${quoted(t.word)}${label ? `:${label}` : ''}`;
  const alike = alternatives ? t.alike.map((w) => `${quoted(w)}${weight ? `:${weight}` : ''}`) : [];
  return alike.length ? `(${[own, ...alike].join(' | ')})` : own;
}

/**
 * The terms as a tsquery string: all of them, each with its alternatives unless `exact`; with
 * `weight` ('A') only in that part of the document (the title).
 */
export function tsqueryOf(terms: SearchTerm[], weight = '', exact = false): string {
  return terms.map((t) => termQuery(t, weight, !exact)).join(' & ');
}

/** The words in order, each word or an alternative, next to each other. */
export function phraseQueryOf(phrase: SearchTerm[]): string {
  return phrase.map((t) => termQuery({ ...t, prefix: false }, '', true)).join(' <-> ');
}

// A visitor sees a publication only while it is published and not in the trash (the catalog's
// isVisible). Poem documents are stored parsed (the migrations' triggers keep them); publication
// documents are the migration's expression index, written the same way here so the planner uses it.
const VISIBLE = `pub.status = 'published' AND pub.deleted_at IS NULL`;
const PUBLICATION_DOC = `publication_search_document(pub.title, pub.authors, pub.publisher, pub.publication_date, pub.isbn)`;
/** $6: the poet's name as a tsquery of the authors (B) part, or null for any book. */
const BY_POET = `($6::text IS NULL OR pub.authors = '[]'::jsonb OR ${PUBLICATION_DOC} @@ to_tsquery(${CONFIG}, $6))`;

/**
 * Every term in the title first, then the words as a phrase, then (with alternatives) the words
 * as typed, then ts_rank (normalised into 0..1).
 */
const SCORE = (doc: string, forgiving: boolean) => `
  (CASE WHEN ${doc} @@ query.title THEN 4 ELSE 0 END)
  + (CASE WHEN ${doc} @@ query.phrase THEN 2 ELSE 0 END)
  ${forgiving ? `+ (CASE WHEN ${doc} @@ query.exact THEN 1 ELSE 0 END)` : ''}
  + ts_rank(${doc}, query.q, 32)`;
const forgiving = (query: IndexQuery) => query.terms.some((t) => t.alike.length > 0);

/**
 * $1 all terms, $2 all terms in the title, $3 the phrase, $4 the terms as typed; $5 whether there
 * are terms at all (a search for the poet's name alone lists the poet's books and poems).
 */
const QUERY = `query AS (
  SELECT to_tsquery(${CONFIG}, $1) AS q, to_tsquery(${CONFIG}, $2) AS title, to_tsquery(${CONFIG}, $3) AS phrase,
         to_tsquery(${CONFIG}, $4) AS exact, $5::boolean AS any_terms
)`;
const MATCHES = (doc: string) => `(NOT query.any_terms OR ${doc} @@ query.q)`;
/**
 * The poems a search can find: those whose document matches the words (with their alternatives),
 * and, when $9 asks for stems (the forgiving search), those matching $8, the words as typed
 * stemmed in each visible book's language and each of its poems' own, by their stems (so "fly" finds "flies"). A union of
 * index look-ups, one per language, so each stays on its GIN index; a stem of one language meeting
 * another's by chance only adds a poem that holds that stem. Without words, every poem (a search
 * by the poet's name alone).
 */
const CANDIDATES = `candidates AS (
  SELECT d.poem_id FROM poem_search_documents d, query WHERE query.any_terms AND d.document @@ query.q
  UNION
  SELECT s.poem_id
    FROM query, (SELECT pub.language FROM publications pub WHERE ${VISIBLE}
                 UNION SELECT po.language FROM poems po JOIN publications pub ON pub.id = po.publication_id
                        WHERE po.language IS NOT NULL AND ${VISIBLE}) l,
         LATERAL (SELECT d.poem_id FROM poem_search_documents d WHERE d.stems @@ to_tsquery(search_stem_config(l.language), $8)) s
   WHERE query.any_terms AND $9::boolean
  UNION
  SELECT d.poem_id FROM poem_search_documents d, query WHERE NOT query.any_terms
)`;

/** The words of the terms as a tsquery for the stemmers (each word alone: stems have no prefixes). */
const stemsQueryOf = (terms: SearchTerm[]) => terms.map((t) => quoted(t.word)).join(' & ');

function params({ terms, phrase, limit, byPoet }: IndexQuery): unknown[] {
  const poet = byPoet?.length ? byPoet.map((w) => `${quoted(w)}:B`).join(' & ') : null;
  return [tsqueryOf(terms), tsqueryOf(terms, 'A'), phraseQueryOf(phrase), tsqueryOf(terms, '', true), terms.length > 0, poet, limit];
}
const totalOf = (rows: Array<Record<string, unknown>>) => (rows.length ? Number(rows[0]!.total) : 0);

/** Fewest trigrams in common, as a share of both words' (pg_trgm's similarity), for a word to count as alike. */
const ALIKE_THRESHOLD = 0.3;
/** Most alternatives of one word: the closest few, so a short word does not match half the archive. */
const MOST_ALIKE = 4;

/** PostgreSQL full-text search with trigram similarity (on PGlite too) over the catalog's tables. */
@Injectable()
export class PostgresSearchIndex implements SearchIndex {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async poems(query: IndexQuery): Promise<{ matches: PoemMatch[]; total: number }> {
    // Ranked on the stored documents; titles and texts are read for the hits answered only. The
    // visible books are read once as an array: as a join, a planner without statistics (embedded
    // PGlite has no autovacuum to gather them) scanned every document once per book.
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `WITH ${QUERY}, ${CANDIDATES},
       ranked AS (
         SELECT d.poem_id, ${SCORE('d.document', forgiving(query))} AS score, count(*) OVER () AS total
         FROM candidates c JOIN poem_search_documents d ON d.poem_id = c.poem_id, query
         WHERE d.publication_id = ANY (ARRAY(SELECT pub.id FROM publications pub WHERE ${VISIBLE} AND ${BY_POET}))
         ORDER BY score DESC, d.publication_id, d.poem_id
         LIMIT $7
       )
       SELECT po.id, po.slug, po.title, po.body, pub.id AS publication_id, pub.slug AS publication_slug,
              pub.title AS publication_title, r.score, r.total
       FROM ranked r JOIN poems po ON po.id = r.poem_id JOIN publications pub ON pub.id = po.publication_id
       ORDER BY r.score DESC, po.publication_id, po.position, po.id`,
      [...params(query), stemsQueryOf(query.terms), query.stems === true],
    );
    return {
      total: totalOf(rows),
      matches: rows.map((r) => ({
        id: Number(r.id),
        slug: String(r.slug),
        title: String(r.title),
        body: String(r.body),
        publication: { id: Number(r.publication_id), slug: String(r.publication_slug), title: String(r.publication_title) },
        score: Number(r.score),
      })),
    };
  }

  async publications(query: IndexQuery): Promise<{ matches: PublicationMatch[]; total: number }> {
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `WITH ${QUERY},
       hits AS (
         SELECT pub.id, pub.slug, pub.title, pub.authors, pub.publisher, pub.publication_date,
                ${SCORE(PUBLICATION_DOC, forgiving(query))} AS score, count(*) OVER () AS total
         FROM publications pub, query
         WHERE ${MATCHES(PUBLICATION_DOC)} AND ${VISIBLE} AND ${BY_POET}
         ORDER BY score DESC, pub.id
         LIMIT $7
       )
       SELECT h.*, (SELECT count(*) FROM poems WHERE publication_id = h.id)::int AS poem_count
       FROM hits h ORDER BY h.score DESC, h.id`,
      params(query),
    );
    return {
      total: totalOf(rows),
      matches: rows.map((r) => ({
        id: Number(r.id),
        slug: String(r.slug),
        title: String(r.title),
        authors: (typeof r.authors === 'string' ? JSON.parse(r.authors) : r.authors) as string[],
        publisher: String(r.publisher),
        publication_date: String(r.publication_date),
        poem_count: Number(r.poem_count),
        score: Number(r.score),
      })),
    };
  }

  async alikeWords(words: string[]): Promise<Map<string, AlikeWords>> {
    const found = new Map<string, AlikeWords>(words.map((w) => [w, { known: false, alike: [] }]));
    if (words.length === 0) return found;
    // similarity() against the trigram index (word % $1 is pg_trgm's indexed form of
    // similarity >= its threshold, 0.3 by default, which ALIKE_THRESHOLD restates). "Known": a
    // word starting with the term, as a range of the byte-ordered primary key.
    const rows: Array<{ term: string; word: string | null; known: boolean }> = await this.db.query(
      `SELECT t.term, w.word,
              EXISTS (SELECT 1 FROM search_words k WHERE k.word >= t.term AND k.word < t.term || chr(1114111)) AS known
         FROM unnest($1::text[]) AS t (term)
         LEFT JOIN LATERAL (
           SELECT s.word FROM search_words s
            WHERE s.word % t.term AND s.word <> t.term AND similarity(s.word, t.term) >= $2
            ORDER BY similarity(s.word, t.term) DESC, s.word
            LIMIT $3
         ) w ON true`,
      [words, ALIKE_THRESHOLD, MOST_ALIKE],
    );
    for (const row of rows) {
      const entry = found.get(row.term)!;
      entry.known = row.known;
      if (row.word) entry.alike.push(row.word);
    }
    return found;
  }
}
