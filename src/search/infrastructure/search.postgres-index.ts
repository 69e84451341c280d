import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { IndexQuery, PoemMatch, PublicationMatch, SearchIndex } from '../application/ports/search-index.port.js';
import type { SearchTerm } from '../application/search-text.js';

const CONFIG = `'public.archive_search'::regconfig`;

/**
 * The terms as a tsquery string: all of them, longer ones as prefixes; with `weight` ('A') only
 * in that part of the document (the title). Terms hold only letters and digits; quoting them
 * anyway keeps the string a tsquery whatever they hold.
 */
export function tsqueryOf(terms: SearchTerm[], weight = ''): string {
  return terms
    .map((t) => {
      const label = `${t.prefix ? '*' : ''}${weight}`;
      return `'${t.word.replace(/['\\]/g, (c) => `\\${c}`)}'${label ? `:${label}` : ''}`;
    })
    .join(' & ');
}

// A visitor sees a publication only while it is published and not in the trash (the catalog's
// isVisible). Poem documents are stored parsed (the migration's trigger keeps them); publication
// documents are the migration's expression index, written the same way here so the planner uses it.
const VISIBLE = `pub.status = 'published' AND pub.deleted_at IS NULL`;
const PUBLICATION_DOC = `publication_search_document(pub.title, pub.authors, pub.publisher, pub.publication_date, pub.isbn)`;

/** Every term in the title first, then the words as a phrase, then ts_rank (normalised into 0..1). */
const SCORE = (doc: string) => `
  (CASE WHEN ${doc} @@ query.title THEN 2 ELSE 0 END)
  + (CASE WHEN ${doc} @@ query.phrase THEN 1 ELSE 0 END)
  + ts_rank(${doc}, query.q, 32)`;

/** $1 all terms, $2 all terms in the title, $3 the phrase. */
const QUERY = `query AS (
  SELECT to_tsquery(${CONFIG}, $1) AS q, to_tsquery(${CONFIG}, $2) AS title, phraseto_tsquery(${CONFIG}, $3) AS phrase
)`;

const params = ({ terms, phrase, limit }: IndexQuery) => [tsqueryOf(terms), tsqueryOf(terms, 'A'), phrase, limit];
const totalOf = (rows: Array<Record<string, unknown>>) => (rows.length ? Number(rows[0]!.total) : 0);

/** PostgreSQL full-text search (on PGlite too) over the catalog's tables. */
@Injectable()
export class PostgresSearchIndex implements SearchIndex {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async poems(query: IndexQuery): Promise<{ matches: PoemMatch[]; total: number }> {
    // Ranked on the stored documents; titles and texts are read for the hits answered only. The
    // visible books are read once as an array: as a join, a planner without statistics (embedded
    // PGlite has no autovacuum to gather them) scanned every document once per book.
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `WITH ${QUERY},
       ranked AS (
         SELECT d.poem_id, ${SCORE('d.document')} AS score, count(*) OVER () AS total
         FROM poem_search_documents d, query
         WHERE d.document @@ query.q AND d.publication_id = ANY (ARRAY(SELECT pub.id FROM publications pub WHERE ${VISIBLE}))
         ORDER BY score DESC, d.publication_id, d.poem_id
         LIMIT $4
       )
       SELECT po.id, po.slug, po.title, po.body, pub.id AS publication_id, pub.slug AS publication_slug,
              pub.title AS publication_title, r.score, r.total
       FROM ranked r JOIN poems po ON po.id = r.poem_id JOIN publications pub ON pub.id = po.publication_id
       ORDER BY r.score DESC, po.publication_id, po.id`,
      params(query),
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
                ${SCORE(PUBLICATION_DOC)} AS score, count(*) OVER () AS total
         FROM publications pub, query
         WHERE ${PUBLICATION_DOC} @@ query.q AND ${VISIBLE}
         ORDER BY score DESC, pub.id
         LIMIT $4
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
}
