import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  CatalogRef,
  CatalogRepository,
  CatalogTransaction,
  NewRevision,
  PoemEdit,
} from '../application/ports/catalog.repository.port.js';
import type { NewPoem, Poem } from '../domain/poem.js';
import type { Proofreading } from '../domain/proofreading.js';
import type { PoemReading } from '../domain/poem-reading.js';
import type { LifecycleState } from '../domain/publication-lifecycle.js';
import type { Publication, PublicationFields } from '../domain/publication.js';
import type { PoemVersion, RevisionSubject } from '../domain/revision.js';
import { slugify, uniqueSlug } from '../domain/slug.js';
import { PoemMapper } from './persistence/poem.mapper.js';
import { PublicationMapper } from './persistence/publication.mapper.js';
import { CatalogChanges } from './catalog-changes.js';
import { CatalogReader } from './persistence/catalog-reader.js';
import { PoemEntity, type PoemRow } from './persistence/poem.entity.js';
import { PublicationEntity } from './persistence/publication.entity.js';
import { insertRevision } from './persistence/revision-rows.js';

/** Set in an UPDATE: the database's clock, like the columns' defaults. */
const NOW = () => 'now()';

/** Slugs already used that one of `bases` could collide with (the base itself, or base-n). */
async function takenSlugs(m: EntityManager, entity: typeof PublicationEntity | typeof PoemEntity, bases: string[]): Promise<Set<string>> {
  if (bases.length === 0) return new Set();
  const rows = await m
    .createQueryBuilder(entity, 'x')
    .select('x.slug', 'slug')
    .where('x.slug = ANY(CAST(:bases AS text[])) OR x.slug ~ :pattern', { bases, pattern: `^(${bases.join('|')})-[0-9]+$` })
    .getRawMany<{ slug: string }>();
  return new Set(rows.map((r) => r.slug));
}

/** Every change to the catalog, bound to one transaction; reads come from CatalogReader. */
class TypeOrmCatalogTransaction extends CatalogReader implements CatalogTransaction {
  touched = false;
  /** The publications this transaction changed (a poem's change is its publication's), so caches drop only their pages. */
  readonly publicationIds = new Set<number>();

  async lockPublication(ref: CatalogRef): Promise<Publication | null> {
    const { items } = await this.readPublications(this.publicationByRef(ref).setLock('pessimistic_write', undefined, ['p']));
    return items[0] ?? null;
  }

  async insertPublication(fields: PublicationFields): Promise<number> {
    const base = slugify(fields.title);
    const slug = uniqueSlug(base, await takenSlugs(this.m, PublicationEntity, [base]));
    const result = await this.m
      .createQueryBuilder()
      .insert()
      .into(PublicationEntity)
      .values({ slug, ...PublicationMapper.toPersistence(fields) })
      .returning(['id'])
      .execute();
    const [inserted]: Array<{ id: number }> = result.raw;
    this.changed(inserted.id);
    return inserted.id;
  }

  async updatePublication(id: number, fields: Partial<PublicationFields>): Promise<void> {
    await this.m.update(PublicationEntity, { id }, { ...PublicationMapper.toPersistence(fields), updatedAt: NOW });
    this.changed(id);
  }

  async setLifecycle(id: number, state: LifecycleState): Promise<void> {
    await this.m.update(
      PublicationEntity,
      { id },
      { status: state.status, deletedAt: state.deletedAt, publishedAt: state.publishedAt, updatedAt: NOW },
    );
    this.changed(id);
  }

  async deletePublication(id: number): Promise<void> {
    await this.m.delete(PublicationEntity, { id });
    this.changed(id);
  }

  /** One INSERT for every new poem, after the last position; slugs unique across the catalog. */
  async appendPoems(publicationId: number, poems: Array<NewPoem & { sourceKey?: string }>): Promise<number[]> {
    if (poems.length === 0) return [];
    const existing = await this.poemIdsForSourceKeys(poems.flatMap((p) => (p.sourceKey ? [p.sourceKey] : [])));
    const fresh = poems.filter((p) => !p.sourceKey || !existing.has(p.sourceKey));
    const created = new Map<NewPoem, number>();
    if (fresh.length > 0) {
      const taken = await takenSlugs(this.m, PoemEntity, [...new Set(fresh.map((p) => slugify(p.title)))]);
      const last = await this.m
        .createQueryBuilder(PoemEntity, 'poem')
        .select('COALESCE(max(poem.position), 0)::int', 'last')
        .where('poem.publicationId = :publicationId', { publicationId })
        .getRawOne<{ last: number }>();
      let position = last?.last ?? 0;
      const rows = fresh.map((poem) => {
        const slug = uniqueSlug(slugify(poem.title), taken);
        taken.add(slug);
        return PoemMapper.toNewRow(poem, { publicationId, slug, position: ++position });
      });
      const result = await this.m.createQueryBuilder().insert().into(PoemEntity).values(rows).returning(['id', 'slug']).execute();
      // Matched by slug (unique), not by the order RETURNING happens to give.
      const returned: Array<Pick<PoemRow, 'id' | 'slug'>> = result.raw;
      const idOfSlug = new Map(returned.map((r) => [r.slug, r.id]));
      fresh.forEach((poem, i) => created.set(poem, idOfSlug.get(rows[i].slug)!));
      await this.touch(publicationId);
    }
    return poems.map((p) => created.get(p) ?? existing.get(p.sourceKey!)!);
  }

  async updatePoem(id: number, edit: PoemEdit): Promise<void> {
    await this.poemChanging(id);
    await this.m.update(PoemEntity, { id }, { ...PoemMapper.toPersistence(edit), updatedAt: NOW });
  }

  async setProofreading(id: number, proofreading: Proofreading): Promise<void> {
    await this.poemChanging(id);
    await this.m.update(PoemEntity, { id }, { ...PoemMapper.proofreadingColumns(proofreading), updatedAt: NOW });
  }

  async setPoemReading(id: number, reading: PoemReading | null): Promise<void> {
    // Staff-only data beside the text: no reader sees it, so no cache hears of it.
    await this.m.update(PoemEntity, { id }, { reading });
  }

  async deletePoem(id: number): Promise<void> {
    await this.poemChanging(id);
    await this.m.delete(PoemEntity, { id });
  }

  async lockPoem(ref: CatalogRef): Promise<Poem | null> {
    const row = await this.m.findOne(PoemEntity, {
      where: 'id' in ref ? { id: ref.id } : { slug: ref.slug },
      lock: { mode: 'pessimistic_write' },
    });
    return row ? PoemMapper.toDomain(row) : null;
  }

  async reinsertPoem(id: number, publicationId: number, version: PoemVersion): Promise<void> {
    // Its slug again when no poem took it meanwhile, so links to it work again.
    const base = version.slug || slugify(version.title);
    const slug = uniqueSlug(base, await takenSlugs(this.m, PoemEntity, [base]));
    await this.m
      .createQueryBuilder()
      .update(PoemEntity)
      .set({ position: () => 'position + 1' })
      .where('publication_id = :publicationId AND position >= :position', { publicationId, position: version.position })
      .execute();
    const row = PoemMapper.toNewRow(version, { publicationId, slug, position: version.position });
    // Plain SQL: TypeORM leaves a generated id out of an INSERT even when one is given.
    await this.m.query(
      `INSERT INTO poems (id, publication_id, slug, title, body, notes, line_count, word_count, page_numbers, position, language)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11)`,
      [
        id,
        publicationId,
        slug,
        row.title,
        row.body,
        row.notes,
        row.lineCount,
        row.wordCount,
        JSON.stringify(row.pageNumbers),
        row.position,
        row.language,
      ],
    );
    await this.touch(publicationId);
  }

  async addRevision(revision: NewRevision): Promise<void> {
    await insertRevision(this.m, revision);
  }

  async setRevision(subject: RevisionSubject, id: number, revision: number): Promise<void> {
    await this.m.update(subject === 'poem' ? PoemEntity : PublicationEntity, { id }, { revision });
  }

  /** A poem's change is its publication's, for the caches of its pages. */
  private async poemChanging(poemId: number): Promise<void> {
    const row = await this.m.findOne(PoemEntity, { where: { id: poemId }, select: { publicationId: true } });
    if (row) this.changed(row.publicationId);
    else this.touched = true;
  }

  private changed(publicationId: number): void {
    this.publicationIds.add(publicationId);
    this.touched = true;
  }

  lockPoems(publicationId: number): Promise<Poem[]> {
    return this.poemsOf(publicationId, true);
  }

  async setPoemOrder(publicationId: number, poemIds: number[]): Promise<void> {
    const newPosition = 'array_position(CAST(:poemIds AS int[]), id)';
    await this.m
      .createQueryBuilder()
      .update(PoemEntity)
      .set({ position: () => newPosition, updatedAt: NOW })
      .where('publication_id = :publicationId AND id = ANY(CAST(:poemIds AS int[]))')
      .andWhere(`position IS DISTINCT FROM ${newPosition}`)
      .setParameters({ publicationId, poemIds })
      .execute();
    await this.touch(publicationId);
  }

  async clearPoems(publicationId: number, poemIds?: number[]): Promise<number> {
    const query = this.m.createQueryBuilder().delete().from(PoemEntity).where('publication_id = :publicationId', { publicationId });
    if (poemIds !== undefined) query.andWhere('id = ANY(CAST(:poemIds AS int[]))', { poemIds });
    const { affected } = await query.execute();
    await this.touch(publicationId);
    return affected ?? 0;
  }

  async touch(publicationId: number): Promise<void> {
    await this.m.update(PublicationEntity, { id: publicationId }, { updatedAt: NOW });
    this.changed(publicationId);
  }
}

/** The catalog's tables through TypeORM: reads on the DataSource's manager, writes in transactions. */
@Injectable()
export class TypeOrmCatalogRepository extends CatalogReader implements CatalogRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(CatalogChanges) private readonly changes: CatalogChanges,
  ) {
    super(db.manager);
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
