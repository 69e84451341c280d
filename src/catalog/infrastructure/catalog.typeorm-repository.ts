import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { countLines, countWords } from '../domain/poem-text.js';
import type { NewPoem, Poem } from '../domain/poem.js';
import type { Publication, PublicationFields, PublicationStatus } from '../domain/publication.js';
import { slugify, uniqueSlug } from '../domain/slug.js';
import type { PublicationSortField } from '../../../contracts/catalog.js';
import type {
  CatalogRepository,
  CatalogTransaction,
  PublicationFilter,
  PublicationListOptions,
} from '../application/ports/catalog.repository.port.js';
import { CatalogChanges } from './catalog-changes.js';

type Ref = { id: number } | { slug: string };

// Counts are aggregated from the poems in the same query, so they can never drift from them.
const PUBLICATION_SELECT = `
  SELECT p.*, COALESCE(c.poem_count, 0)::int AS poem_count, COALESCE(c.total_lines, 0)::int AS total_lines,
         COALESCE(c.total_words, 0)::int AS total_words
  FROM publications p
  LEFT JOIN LATERAL (
    SELECT count(*) AS poem_count, sum(line_count) AS total_lines, sum(word_count) AS total_words
    FROM poems WHERE publication_id = p.id
  ) c ON true`;

const FILTERS: Record<PublicationFilter, string> = {
  public: `p.status = 'published' AND p.deleted_at IS NULL`,
  active: `p.deleted_at IS NULL`,
  draft: `p.status = 'draft' AND p.deleted_at IS NULL`,
  published: `p.status = 'published' AND p.deleted_at IS NULL`,
  trash: `p.deleted_at IS NOT NULL`,
};

/** Sort keys over the listing subquery `q`; titles compare without case, ties fall back to the id. */
const SORT_KEYS: Record<PublicationSortField, string> = {
  title: 'lower(q.title)',
  created_at: 'q.created_at',
  updated_at: 'q.updated_at',
  published_at: 'q.published_at',
  deleted_at: 'q.deleted_at',
  poem_count: 'q.poem_count',
};

function orderBy(filter: PublicationFilter, sort: PublicationListOptions['sort']): string {
  if (!sort) return filter === 'trash' ? 'q.deleted_at DESC, q.id DESC' : 'q.created_at DESC, q.id DESC';
  const direction = sort.order === 'ASC' ? 'ASC' : 'DESC';
  return `${SORT_KEYS[sort.field]} ${direction} NULLS LAST, q.id ${direction}`;
}

/** A LIKE pattern matching `text` anywhere, its own % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function iso(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

function isoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : iso(value);
}

function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function toPublication(row: Record<string, unknown>): Publication {
  const id = Number(row.id);
  return {
    id,
    _id: id,
    slug: String(row.slug),
    title: String(row.title),
    status: row.status as PublicationStatus,
    authors: json<string[]>(row.authors),
    publisher: String(row.publisher),
    publication_date: String(row.publication_date),
    isbn: String(row.isbn),
    notes: String(row.notes),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    deleted_at: isoOrNull(row.deleted_at),
    published_at: isoOrNull(row.published_at),
    poem_count: Number(row.poem_count ?? 0),
    total_lines: Number(row.total_lines ?? 0),
    total_words: Number(row.total_words ?? 0),
  };
}

function toPoem(row: Record<string, unknown>): Poem {
  return {
    id: Number(row.id),
    slug: String(row.slug),
    title: String(row.title),
    body: String(row.body),
    notes: String(row.notes),
    line_count: Number(row.line_count),
    word_count: Number(row.word_count),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    publication_id: Number(row.publication_id),
    page_numbers: json<number[]>(row.page_numbers),
    position: Number(row.position),
  };
}

function refClause(ref: Ref, alias: string, param = '$1'): [string, unknown] {
  return 'id' in ref ? [`${alias}.id = ${param}`, ref.id] : [`${alias}.slug = ${param}`, ref.slug];
}

/** Slugs already used that `base` could collide with. */
async function takenSlugs(m: EntityManager, table: 'publications' | 'poems', bases: string[]): Promise<Set<string>> {
  if (bases.length === 0) return new Set();
  const rows: Array<{ slug: string }> = await m.query(
    `SELECT slug FROM ${table} WHERE slug = ANY($1::text[]) OR slug ~ ('^(' || array_to_string($1::text[], '|') || ')-[0-9]+$')`,
    [bases],
  );
  return new Set(rows.map((r) => r.slug));
}

class TypeOrmCatalogTransaction implements CatalogTransaction {
  touched = false;
  /** The publications this transaction changed (a poem's change is its publication's), so caches drop only their pages. */
  readonly publicationIds = new Set<number>();

  constructor(private readonly m: EntityManager) {}

  async findPublication(ref: Ref, lock = false): Promise<Publication | null> {
    const [where, value] = refClause(ref, 'p');
    if (lock) await this.m.query(`SELECT id FROM publications p WHERE ${where} FOR UPDATE`, [value]);
    const rows = await this.m.query(`${PUBLICATION_SELECT} WHERE ${where}`, [value]);
    return rows[0] ? toPublication(rows[0]) : null;
  }

  async insertPublication(fields: PublicationFields): Promise<number> {
    const base = slugify(fields.title);
    const slug = uniqueSlug(base, await takenSlugs(this.m, 'publications', [base]));
    const rows = await this.m.query(
      `INSERT INTO publications (slug, title, authors, publisher, publication_date, isbn, notes)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7) RETURNING id`,
      [slug, fields.title, JSON.stringify(fields.authors), fields.publisher, fields.publication_date, fields.isbn, fields.notes],
    );
    this.changed(Number(rows[0].id));
    return Number(rows[0].id);
  }

  async updatePublication(id: number, fields: Partial<PublicationFields>): Promise<void> {
    const sets: string[] = [];
    const values: unknown[] = [];
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      values.push(key === 'authors' ? JSON.stringify(value) : value);
      sets.push(`${key} = $${values.length}${key === 'authors' ? '::jsonb' : ''}`);
    }
    values.push(id);
    await this.m.query(`UPDATE publications SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $${values.length}`, values);
    this.changed(id);
  }

  async setLifecycle(id: number, state: { status: PublicationStatus; deleted_at: string | null; published_at: string | null }): Promise<void> {
    await this.m.query(
      `UPDATE publications SET status = $1, deleted_at = $2, published_at = $3, updated_at = now() WHERE id = $4`,
      [state.status, state.deleted_at, state.published_at, id],
    );
    this.changed(id);
  }

  async deletePublication(id: number): Promise<void> {
    await this.m.query(`DELETE FROM publications WHERE id = $1`, [id]);
    this.changed(id);
  }

  async findPoem(ref: Ref): Promise<Poem | null> {
    const [where, value] = refClause(ref, 'poems');
    const rows = await this.m.query(`SELECT * FROM poems WHERE ${where}`, [value]);
    return rows[0] ? toPoem(rows[0]) : null;
  }

  async appendPoems(publicationId: number, poems: Array<NewPoem & { source_key?: string }>): Promise<number[]> {
    if (poems.length === 0) return [];
    const keys = poems.map((p) => p.source_key).filter((k): k is string => !!k);
    const existing = new Map<string, number>();
    if (keys.length > 0) {
      const rows: Array<{ id: number; source_key: string }> = await this.m.query(
        `SELECT id, source_key FROM poems WHERE source_key = ANY($1::text[])`,
        [keys],
      );
      for (const row of rows) existing.set(row.source_key, Number(row.id));
    }
    const fresh = poems.filter((p) => !p.source_key || !existing.has(p.source_key));
    const bases = [...new Set(fresh.map((p) => slugify(p.title)))];
    const taken = await takenSlugs(this.m, 'poems', bases);
    const [{ last }] = await this.m.query(`SELECT COALESCE(max(position), 0) AS last FROM poems WHERE publication_id = $1`, [publicationId]);
    let position = Number(last);
    const ids: number[] = [];
    for (const poem of poems) {
      const known = poem.source_key ? existing.get(poem.source_key) : undefined;
      if (known !== undefined) {
        ids.push(known);
        continue;
      }
      const slug = uniqueSlug(slugify(poem.title), taken);
      taken.add(slug);
      position += 1;
      const rows = await this.m.query(
        `INSERT INTO poems (publication_id, slug, title, body, notes, line_count, word_count, page_numbers, position, source_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10) RETURNING id`,
        [
          publicationId,
          slug,
          poem.title,
          poem.body,
          poem.notes ?? '',
          countLines(poem.body),
          countWords(poem.body),
          JSON.stringify(poem.page_numbers ?? []),
          position,
          poem.source_key ?? null,
        ],
      );
      ids.push(Number(rows[0].id));
    }
    if (fresh.length > 0) await this.touch(publicationId);
    return ids;
  }

  async updatePoem(id: number, fields: { title: string; body: string; notes: string; page_numbers?: number[] }): Promise<void> {
    await this.poemChanging(id);
    await this.m.query(
      `UPDATE poems SET title = $1, body = $2, notes = $3, line_count = $4, word_count = $5, page_numbers = COALESCE($6::jsonb, page_numbers), updated_at = now() WHERE id = $7`,
      [fields.title, fields.body, fields.notes, countLines(fields.body), countWords(fields.body), fields.page_numbers ? JSON.stringify(fields.page_numbers) : null, id],
    );
  }

  async deletePoem(id: number): Promise<void> {
    await this.poemChanging(id);
    await this.m.query(`DELETE FROM poems WHERE id = $1`, [id]);
  }

  private async poemChanging(poemId: number): Promise<void> {
    const [row] = await this.m.query(`SELECT publication_id FROM poems WHERE id = $1`, [poemId]);
    if (row) this.changed(Number(row.publication_id));
    else this.touched = true;
  }

  private changed(publicationId: number): void {
    this.publicationIds.add(publicationId);
    this.touched = true;
  }

  async lockPoems(publicationId: number): Promise<Poem[]> {
    const rows = await this.m.query(`SELECT * FROM poems WHERE publication_id = $1 ORDER BY position, id FOR UPDATE`, [publicationId]);
    return rows.map(toPoem);
  }

  async setPoemOrder(publicationId: number, poemIds: number[]): Promise<void> {
    await this.m.query(
      `UPDATE poems SET position = o.position, updated_at = now()
         FROM unnest($2::int[]) WITH ORDINALITY AS o(id, position)
        WHERE poems.id = o.id AND poems.publication_id = $1 AND poems.position IS DISTINCT FROM o.position`,
      [publicationId, poemIds],
    );
    await this.touch(publicationId);
  }

  async clearPoems(publicationId: number, poemIds?: number[]): Promise<number> {
    const [, affected] =
      poemIds === undefined
        ? await this.m.query(`DELETE FROM poems WHERE publication_id = $1`, [publicationId])
        : await this.m.query(`DELETE FROM poems WHERE publication_id = $1 AND id = ANY($2::int[])`, [publicationId, poemIds]);
    await this.touch(publicationId);
    return Number(affected ?? 0);
  }

  async touch(publicationId: number): Promise<void> {
    await this.m.query(`UPDATE publications SET updated_at = now() WHERE id = $1`, [publicationId]);
    this.changed(publicationId);
  }
}

@Injectable()
export class TypeOrmCatalogRepository implements CatalogRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(CatalogChanges) private readonly changes: CatalogChanges,
  ) {}

  async listPublications(filter: PublicationFilter, options: PublicationListOptions = {}) {
    const { page, search, sort } = options;
    const params: unknown[] = [];
    let where = FILTERS[filter];
    if (search?.trim()) {
      params.push(containsPattern(search.trim()));
      where += ` AND (p.title ILIKE $1 OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(p.authors) a WHERE a ILIKE $1))`;
    }
    const limit = page ? ` LIMIT ${Number(page.limit)} OFFSET ${Number(page.offset)}` : '';
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `SELECT q.*, count(*) OVER () AS total_count FROM (${PUBLICATION_SELECT} WHERE ${where}) q ORDER BY ${orderBy(filter, sort)}${limit}`,
      params,
    );
    let total = rows.length > 0 ? Number(rows[0].total_count) : 0;
    if (rows.length === 0 && page && page.offset > 0) {
      const [{ n }] = await this.db.query(`SELECT count(*)::int AS n FROM publications p WHERE ${where}`, params);
      total = Number(n);
    }
    return { items: rows.map(toPublication), total };
  }

  async findPublication(ref: Ref): Promise<Publication | null> {
    const [where, value] = refClause(ref, 'p');
    const rows = await this.db.query(`${PUBLICATION_SELECT} WHERE ${where}`, [value]);
    return rows[0] ? toPublication(rows[0]) : null;
  }

  async listPoems(publicationId: number): Promise<Poem[]> {
    const rows = await this.db.query(`SELECT * FROM poems WHERE publication_id = $1 ORDER BY position, id`, [publicationId]);
    return rows.map(toPoem);
  }

  async listPublishedPoems(): Promise<Poem[]> {
    const rows = await this.db.query(
      `SELECT poems.* FROM poems JOIN publications p ON p.id = poems.publication_id
       WHERE ${FILTERS.public} ORDER BY poems.publication_id, poems.position, poems.id`,
    );
    return rows.map(toPoem);
  }

  async findPoem(ref: Ref): Promise<Poem | null> {
    const [where, value] = refClause(ref, 'poems');
    const rows = await this.db.query(`SELECT * FROM poems WHERE ${where}`, [value]);
    return rows[0] ? toPoem(rows[0]) : null;
  }

  async transaction<T>(work: (tx: CatalogTransaction) => Promise<T>): Promise<T> {
    let tx!: TypeOrmCatalogTransaction;
    const result = await this.db.transaction(async (m) => {
      tx = new TypeOrmCatalogTransaction(m);
      const value = await work(tx);
      if (tx.touched) await this.changes.announce(m, tx.publicationIds);
      return value;
    });
    if (tx.touched) this.changes.changedLocally(tx.publicationIds);
    return result;
  }
}
