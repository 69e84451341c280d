import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { IndexQuery, PoemMatch, PublicationMatch, SearchIndex } from '../application/ports/search-index.port.js';
import type { SearchTerm } from '../application/search-text.js';

const CONFIG = `'public.archive_search'::regconfig`;

/**
 * The terms as a tsquery string: all of them, longer ones as prefixes. Terms hold only letters
 * and digits; quoting them anyway keeps the string a tsquery whatever they hold.
 */
export function tsqueryOf(terms: SearchTerm[]): string {
  return terms.map((t) => `'${t.word.replace(/['\\]/g, (c) => `\\${c}`)}'${t.prefix ? ':*' : ''}`).join(' & ');
}

// A visitor sees a publication only while it is published and not in the trash (the catalog's
// isVisible); the documents are the migration's expression indexes, so the planner uses them.
const VISIBLE = `pub.status = 'published' AND pub.deleted_at IS NULL`;
const POEM_DOC = `poem_search_document(po.title, po.body)`;
const PUBLICATION_DOC = `publication_search_document(pub.title, pub.authors, pub.publisher, pub.publication_date, pub.isbn)`;

/** Title holding every term first, then a phrase match, then ts_rank (normalised into 0..1). */
const SCORE = (doc: string, title: string) => `
  (CASE WHEN to_tsvector(${CONFIG}, ${title}) @@ query.q THEN 2 ELSE 0 END)
  + (CASE WHEN ${doc} @@ query.phrase THEN 1 ELSE 0 END)
  + ts_rank(${doc}, query.q, 32)`;

const QUERY = `query AS (SELECT to_tsquery(${CONFIG}, $1) AS q, phraseto_tsquery(${CONFIG}, $2) AS phrase)`;

/** PostgreSQL full-text search (on PGlite too) over the catalog's tables. */
@Injectable()
export class PostgresSearchIndex implements SearchIndex {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async poems({ terms, phrase, limit }: IndexQuery): Promise<{ matches: PoemMatch[]; total: number }> {
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `WITH ${QUERY},
       hits AS (
         SELECT po.id, po.slug, po.title, po.body, pub.id AS publication_id, pub.slug AS publication_slug,
                pub.title AS publication_title, ${POEM_DOC} AS doc
         FROM poems po JOIN publications pub ON pub.id = po.publication_id, query
         WHERE ${POEM_DOC} @@ query.q AND ${VISIBLE}
       )
       SELECT h.id, h.slug, h.title, h.body, h.publication_id, h.publication_slug, h.publication_title,
              ${SCORE('h.doc', 'h.title')} AS score, count(*) OVER () AS total
       FROM hits h, query
       ORDER BY score DESC, h.publication_id, h.id
       LIMIT $3`,
      [tsqueryOf(terms), phrase, limit],
    );
    return {
      total: rows.length ? Number(rows[0]!.total) : 0,
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

  async publications({ terms, phrase, limit }: IndexQuery): Promise<{ matches: PublicationMatch[]; total: number }> {
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `WITH ${QUERY},
       hits AS (
         SELECT pub.id, pub.slug, pub.title, pub.authors, pub.publisher, pub.publication_date,
                ${SCORE(PUBLICATION_DOC, 'pub.title')} AS score, count(*) OVER () AS total
         FROM publications pub, query
         WHERE ${PUBLICATION_DOC} @@ query.q AND ${VISIBLE}
         ORDER BY score DESC, pub.id
         LIMIT $3
       )
       SELECT h.*, (SELECT count(*) FROM poems WHERE publication_id = h.id)::int AS poem_count
       FROM hits h ORDER BY h.score DESC, h.id`,
      [tsqueryOf(terms), phrase, limit],
    );
    return {
      total: rows.length ? Number(rows[0]!.total) : 0,
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
