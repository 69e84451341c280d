import { In, type EntityManager, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import type { PublicationSortField } from '../../../../contracts/catalog.js';
import { runPrepared } from '../../../database/prepared-statement.js';
import type {
  BookReading,
  CatalogReads,
  CatalogRef,
  PublicationFilter,
  PublicationListOptions,
} from '../../application/ports/catalog.repository.port.js';
import type { Poem } from '../../domain/poem.js';
import type { Publication } from '../../domain/publication.js';
import type { Revision, RevisionSubject } from '../../domain/revision.js';
import { PoemMapper } from './poem.mapper.js';
import { PublicationMapper } from './publication.mapper.js';
import { contentsOf, PAGE_READS, poemOf, publicationOf, type BookRow, type PoemWithPublicationRow } from './page-reads.js';
import { PoemEntity, type PoemRow } from './poem.entity.js';
import { PublicationEntity, type PublicationRow } from './publication.entity.js';
import type { PoemReading } from '../../domain/poem-reading.js';
import * as revisionRows from './revision-rows.js';

/** The columns a publication query selects beside the entity: its poem counts, and the listing's total. */
interface CountsColumns {
  p_id: number;
  poem_count: number;
  total_lines: number;
  total_words: number;
  proofread_count: number;
  checked_count: number;
  total_count?: string;
}

/** Which publications each listing shows, over the alias `p`. */
const FILTERS: Record<PublicationFilter, string> = {
  public: `p.status = 'published' AND p.deletedAt IS NULL`,
  active: `p.deletedAt IS NULL`,
  draft: `p.status = 'draft' AND p.deletedAt IS NULL`,
  published: `p.status = 'published' AND p.deletedAt IS NULL`,
  trash: `p.deletedAt IS NOT NULL`,
};

/** Sort keys of the listings; titles compare without case. */
const SORT_KEYS: Record<PublicationSortField, string> = {
  title: 'lower(p.title)',
  created_at: 'p.createdAt',
  updated_at: 'p.updatedAt',
  published_at: 'p.publishedAt',
  deleted_at: 'p.deletedAt',
  poem_count: 'poem_count', // the counts' select alias
};

/** A LIKE pattern matching `text` anywhere, its own % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The catalog's reads over one EntityManager: the DataSource's own for the repository, a
 * transaction's for CatalogTransaction, so both share one implementation of every read.
 */
export class CatalogReader implements CatalogReads {
  constructor(protected readonly m: EntityManager) {}

  /**
   * Publications with their poem counts, aggregated from the poems in the same query so they can
   * never drift from them. Each count is a subquery correlated to its row, so reading one
   * publication reads only its poems (through poems_order_idx), never the whole table.
   */
  protected publicationsWithCounts(): SelectQueryBuilder<PublicationRow> {
    const ofPublication = (aggregate: string) => (sub: SelectQueryBuilder<ObjectLiteral>) =>
      sub.select(aggregate).from(PoemEntity, 'poem').where('poem.publicationId = p.id');
    return this.m
      .createQueryBuilder(PublicationEntity, 'p')
      .addSelect(ofPublication('count(*)::int'), 'poem_count')
      .addSelect(ofPublication('COALESCE(sum(poem.lineCount), 0)::int'), 'total_lines')
      .addSelect(ofPublication('COALESCE(sum(poem.wordCount), 0)::int'), 'total_words')
      .addSelect(ofPublication(`(count(*) FILTER (WHERE poem.status <> 'as_scanned'))::int`), 'proofread_count')
      .addSelect(ofPublication(`(count(*) FILTER (WHERE poem.status = 'checked'))::int`), 'checked_count');
  }

  /** Runs a publications-with-counts query and maps each row with its counts. */
  protected async readPublications(qb: SelectQueryBuilder<PublicationRow>): Promise<{ items: Publication[]; raw: CountsColumns[] }> {
    const { entities, raw } = await qb.getRawAndEntities<CountsColumns>();
    const counts = new Map(raw.map((r) => [Number(r.p_id), r]));
    const items = entities.map((row) => {
      const c = counts.get(row.id);
      return PublicationMapper.toDomain(row, {
        poemCount: Number(c?.poem_count ?? 0),
        totalLines: Number(c?.total_lines ?? 0),
        totalWords: Number(c?.total_words ?? 0),
        proofreadCount: Number(c?.proofread_count ?? 0),
        checkedCount: Number(c?.checked_count ?? 0),
      });
    });
    return { items, raw };
  }

  /** One publication with its counts, by id or slug. */
  protected publicationByRef(ref: CatalogRef): SelectQueryBuilder<PublicationRow> {
    const qb = this.publicationsWithCounts();
    return 'id' in ref ? qb.where('p.id = :id', { id: ref.id }) : qb.where('p.slug = :slug', { slug: ref.slug });
  }

  async findPublication(ref: CatalogRef): Promise<Publication | null> {
    const { items } = await this.readPublications(this.publicationByRef(ref));
    return items[0] ?? null;
  }

  async listPublications(
    filter: PublicationFilter,
    options: PublicationListOptions = {},
  ): Promise<{ items: Publication[]; total: number }> {
    const { page, search, sort } = options;
    const qb = this.filtered(this.publicationsWithCounts(), filter, search).addSelect('count(*) OVER ()', 'total_count');
    if (!sort) {
      qb.orderBy(filter === 'trash' ? 'p.deletedAt' : 'p.createdAt', 'DESC').addOrderBy('p.id', 'DESC');
    } else {
      qb.orderBy(SORT_KEYS[sort.field], sort.order, 'NULLS LAST').addOrderBy('p.id', sort.order);
    }
    if (page) qb.offset(page.offset).limit(page.limit);
    const { items, raw } = await this.readPublications(qb);
    let total = raw.length > 0 ? Number(raw[0].total_count) : 0;
    // A page past the end has no row to carry the total.
    if (raw.length === 0 && page && page.offset > 0) {
      total = await this.filtered(this.m.createQueryBuilder(PublicationEntity, 'p'), filter, search).getCount();
    }
    return { items, total };
  }

  private filtered(qb: SelectQueryBuilder<PublicationRow>, filter: PublicationFilter, search?: string): SelectQueryBuilder<PublicationRow> {
    qb.where(FILTERS[filter]);
    if (search?.trim()) {
      qb.andWhere(`(p.title ILIKE :pattern OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(p.authors) a WHERE a ILIKE :pattern))`, {
        pattern: containsPattern(search.trim()),
      });
    }
    return qb;
  }

  async findPoem(ref: CatalogRef): Promise<Poem | null> {
    const row = await this.m.findOneBy(PoemEntity, 'id' in ref ? { id: ref.id } : { slug: ref.slug });
    return row ? PoemMapper.toDomain(row) : null;
  }

  async readBook(ref: CatalogRef, poem?: CatalogRef): Promise<BookReading | null> {
    const statement = 'id' in ref ? PAGE_READS.book.id : PAGE_READS.book.slug;
    const poemSlug = poem && 'slug' in poem ? poem.slug : null;
    const poemId = poem && 'id' in poem ? poem.id : null;
    const [row] = await runPrepared<BookRow>(this.m, statement, ['id' in ref ? ref.id : ref.slug, poemSlug, poemId]);
    return row ? { publication: publicationOf(row), contents: contentsOf(row), poems: row.texts.map(poemOf) } : null;
  }

  async findPoemWithPublication(ref: CatalogRef): Promise<{ poem: Poem; publication: Publication } | null> {
    const statement = 'id' in ref ? PAGE_READS.poem.id : PAGE_READS.poem.slug;
    const [row] = await runPrepared<PoemWithPublicationRow>(this.m, statement, ['id' in ref ? ref.id : ref.slug]);
    return row ? { poem: poemOf(row.poem), publication: publicationOf(row) } : null;
  }

  listPoems(publicationId: number): Promise<Poem[]> {
    return this.poemsOf(publicationId, false);
  }

  /** The publication's poems in reading order; locked until the transaction ends when `lock`. */
  protected async poemsOf(publicationId: number, lock: boolean): Promise<Poem[]> {
    const rows = await this.m.find(PoemEntity, {
      where: { publicationId },
      order: { position: 'ASC', id: 'ASC' },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    return rows.map(PoemMapper.toDomain);
  }

  async listPublishedPoems(): Promise<Poem[]> {
    const rows: PoemRow[] = await this.m
      .createQueryBuilder(PoemEntity, 'poem')
      .innerJoin(PublicationEntity.options.name, 'p', 'p.id = poem.publicationId')
      .where(FILTERS.public)
      .orderBy('poem.publicationId')
      .addOrderBy('poem.position')
      .addOrderBy('poem.id')
      .getMany();
    return rows.map(PoemMapper.toDomain);
  }

  async poemIdsForSourceKeys(keys: string[]): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const rows = await this.m.find(PoemEntity, { select: { id: true, sourceKey: true }, where: { sourceKey: In(keys) } });
    return new Map(rows.flatMap((r) => (r.sourceKey === null ? [] : [[r.sourceKey, r.id] as const])));
  }

  listRevisions(subject: RevisionSubject, subjectId: number): Promise<Revision[]> {
    return revisionRows.listRevisions(this.m, subject, subjectId);
  }

  findRevision(subject: RevisionSubject, subjectId: number, revision: number): Promise<Revision | null> {
    return revisionRows.findRevision(this.m, subject, subjectId, revision);
  }

  deletedPoems(publicationId: number): Promise<Revision[]> {
    return revisionRows.deletedPoems(this.m, publicationId);
  }

  async poemReading(poemId: number): Promise<PoemReading | null> {
    const row = await this.m.findOne(PoemEntity, { select: { id: true, reading: true }, where: { id: poemId } });
    return row?.reading ?? null;
  }
}
