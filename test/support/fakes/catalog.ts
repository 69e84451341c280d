import { CatalogCommands } from '../../../src/catalog/application/catalog-commands.js';
import { CatalogEvents } from '../../../src/catalog/application/catalog-events.js';
import { CatalogQueries } from '../../../src/catalog/application/catalog-queries.js';
import type {
  BookReading,
  CatalogRef,
  CatalogRepository,
  CatalogTransaction,
  NewRevision,
  PoemEdit,
  PublicationFilter,
  PublicationListOptions,
} from '../../../src/catalog/application/ports/catalog.repository.port.js';
import type { NewPoem, Poem } from '../../../src/catalog/domain/poem.js';
import { AS_SCANNED, type Proofreading } from '../../../src/catalog/domain/proofreading.js';
import type { PoemReading } from '../../../src/catalog/domain/poem-reading.js';
import { countLines, countWords } from '../../../src/catalog/domain/poem-text.js';
import type { LifecycleState } from '../../../src/catalog/domain/publication-lifecycle.js';
import type { Publication, PublicationFields, PublicationStatus } from '../../../src/catalog/domain/publication.js';
import type { PoemVersion, Revision, RevisionSubject } from '../../../src/catalog/domain/revision.js';
import { slugify, uniqueSlug } from '../../../src/catalog/domain/slug.js';
import { ManualClock } from './clock.js';

/** A row of `publications`: a publication without its counts, which every read derives from the poems. */
type PublicationRow = Omit<Publication, 'poemCount' | 'totalLines' | 'totalWords' | 'proofreadCount' | 'checkedCount'>;
/** A row of `poems`, with the scan key the domain never sees. */
type PoemRow = Poem & { sourceKey: string | null };

interface Tables {
  publications: Map<number, PublicationRow>;
  poems: Map<number, PoemRow>;
  revisions: Revision[];
  /** The `reading` column, apart, as reads of the poem never select it. */
  readings: Map<number, PoemReading>;
  nextPublicationId: number;
  nextPoemId: number;
}

const SORT_KEYS: Record<string, (p: Publication) => string | number | null> = {
  title: (p) => p.title.toLowerCase(),
  created_at: (p) => p.createdAt.getTime(),
  updated_at: (p) => p.updatedAt.getTime(),
  published_at: (p) => p.publishedAt?.getTime() ?? null,
  deleted_at: (p) => p.deletedAt?.getTime() ?? null,
  poem_count: (p) => p.poemCount,
};

const FILTERS: Record<PublicationFilter, (p: PublicationRow) => boolean> = {
  public: (p) => p.status === 'published' && !p.deletedAt,
  published: (p) => p.status === 'published' && !p.deletedAt,
  draft: (p) => p.status === 'draft' && !p.deletedAt,
  active: (p) => !p.deletedAt,
  trash: (p) => !!p.deletedAt,
};

const byReadingOrder = (a: Poem, b: Poem) => a.position - b.position || a.id - b.id;

/**
 * The catalog's tables in memory, behind the same port as TypeOrmCatalogRepository: ids counted
 * up from 1, slugs made once and unique, poems in reading order (position, then id), counts derived
 * from the poems on every read, a poem's scan key added once, a publication's poems and history
 * going with it, a version number kept once per subject, and a transaction that throws leaving
 * nothing behind. Every read answers a copy, as rows read again from the database are.
 *
 * Left out: row locks (transactions run one after another instead, which is what the locks
 * guarantee for the rows they take; a read outside a transaction may see one still running), the
 * change notices to other processes and the read cache, full-text details of the listing's search
 * (a plain substring), and the database's own time (rows take `clock`'s, fixed for the length of
 * one transaction).
 */
export class FakeCatalogRepository implements CatalogRepository {
  private tables: Tables = {
    publications: new Map(),
    poems: new Map(),
    revisions: [],
    readings: new Map(),
    nextPublicationId: 1,
    nextPoemId: 1,
  };
  private queue: Promise<unknown> = Promise.resolve();
  /** How many transactions committed; one that threw does not count. */
  committed = 0;

  constructor(readonly clock = new ManualClock()) {}

  /** Every poem row as stored, scan keys included, in reading order per publication. */
  poemRows(publicationId: number): PoemRow[] {
    return [...this.tables.poems.values()]
      .filter((p) => p.publicationId === publicationId)
      .sort(byReadingOrder)
      .map(copy);
  }

  transaction<T>(work: (tx: CatalogTransaction) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      const before = structuredClone(this.tables);
      try {
        const result = await work(new FakeCatalogTransaction(this.tables, this.clock.now()));
        this.committed++;
        return result;
      } catch (err) {
        this.tables = before;
        throw err;
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private reader(): FakeCatalogTransaction {
    return new FakeCatalogTransaction(this.tables, this.clock.now());
  }

  findPublication(ref: CatalogRef) {
    return this.reader().findPublication(ref);
  }
  findPoem(ref: CatalogRef) {
    return this.reader().findPoem(ref);
  }
  poemIdsForSourceKeys(keys: string[]) {
    return this.reader().poemIdsForSourceKeys(keys);
  }
  listRevisions(subject: RevisionSubject, subjectId: number) {
    return this.reader().listRevisions(subject, subjectId);
  }
  findRevision(subject: RevisionSubject, subjectId: number, revision: number) {
    return this.reader().findRevision(subject, subjectId, revision);
  }
  deletedPoems(publicationId: number) {
    return this.reader().deletedPoems(publicationId);
  }
  poemReading(poemId: number) {
    return this.reader().poemReading(poemId);
  }
  listPoems(publicationId: number) {
    return this.reader().lockPoems(publicationId);
  }

  async readBook(ref: CatalogRef, poem?: CatalogRef): Promise<BookReading | null> {
    const publication = await this.findPublication(ref);
    if (!publication) return null;
    const poems = await this.listPoems(publication.id);
    const opening = poems.find((p) => p.body.trim() !== '');
    const asked = (p: Poem) => !!poem && ('id' in poem ? p.id === poem.id : p.slug === poem.slug);
    return {
      publication,
      contents: poems.map(({ id, slug, title, lineCount, wordCount }) => ({ id, slug, title, lineCount, wordCount })),
      poems: poems.filter((p) => asked(p) || p === opening),
    };
  }

  async findPoemWithPublication(ref: CatalogRef): Promise<{ poem: Poem; publication: Publication } | null> {
    const poem = await this.findPoem(ref);
    if (!poem) return null;
    return { poem, publication: (await this.findPublication({ id: poem.publicationId }))! };
  }

  async listPublications(
    filter: PublicationFilter,
    options: PublicationListOptions = {},
  ): Promise<{ items: Publication[]; total: number }> {
    const reader = this.reader();
    const search = options.search?.trim().toLowerCase();
    let items = [...this.tables.publications.values()]
      .filter(FILTERS[filter])
      .filter((p) => !search || p.title.toLowerCase().includes(search) || p.authors.some((a) => a.toLowerCase().includes(search)))
      .map((p) => reader.withCounts(p));
    const { field, order } = options.sort ?? { field: filter === 'trash' ? 'deleted_at' : 'created_at', order: 'DESC' as const };
    const key = SORT_KEYS[field];
    const sign = order === 'ASC' ? 1 : -1;
    items.sort((a, b) => {
      const x = key(a);
      const y = key(b);
      // NULLS LAST whichever the order.
      if (x === null || y === null) return x === y ? sign * (a.id - b.id) : x === null ? 1 : -1;
      return x < y ? -sign : x > y ? sign : sign * (a.id - b.id);
    });
    const total = items.length;
    if (options.page) items = items.slice(options.page.offset, options.page.offset + options.page.limit);
    return { items, total };
  }

  async listPublishedPoems(): Promise<Poem[]> {
    return [...this.tables.poems.values()]
      .filter((p) => FILTERS.public(this.tables.publications.get(p.publicationId)!))
      .sort((a, b) => a.publicationId - b.publicationId || byReadingOrder(a, b))
      .map(toPoem);
  }
}

function copy<T>(value: T): T {
  return structuredClone(value);
}

function toPoem(row: PoemRow): Poem {
  const { sourceKey: _key, ...poem } = copy(row);
  return poem;
}

/** One transaction's view of the tables; `now` is the transaction's time, as the database's now() is. */
class FakeCatalogTransaction implements CatalogTransaction {
  constructor(
    private readonly t: Tables,
    private readonly now: Date,
  ) {}

  withCounts(row: PublicationRow): Publication {
    const poems = [...this.t.poems.values()].filter((p) => p.publicationId === row.id);
    return {
      ...copy(row),
      poemCount: poems.length,
      totalLines: poems.reduce((n, p) => n + p.lineCount, 0),
      totalWords: poems.reduce((n, p) => n + p.wordCount, 0),
      proofreadCount: poems.filter((p) => p.status !== 'as_scanned').length,
      checkedCount: poems.filter((p) => p.status === 'checked').length,
    };
  }

  private publicationRow(ref: CatalogRef): PublicationRow | undefined {
    if ('id' in ref) return this.t.publications.get(ref.id);
    return [...this.t.publications.values()].find((p) => p.slug === ref.slug);
  }

  private poemRow(ref: CatalogRef): PoemRow | undefined {
    if ('id' in ref) return this.t.poems.get(ref.id);
    return [...this.t.poems.values()].find((p) => p.slug === ref.slug);
  }

  async findPublication(ref: CatalogRef): Promise<Publication | null> {
    const row = this.publicationRow(ref);
    return row ? this.withCounts(row) : null;
  }

  async findPoem(ref: CatalogRef): Promise<Poem | null> {
    const row = this.poemRow(ref);
    return row ? toPoem(row) : null;
  }

  async poemIdsForSourceKeys(keys: string[]): Promise<Map<string, number>> {
    const wanted = new Set(keys);
    return new Map([...this.t.poems.values()].filter((p) => p.sourceKey && wanted.has(p.sourceKey)).map((p) => [p.sourceKey!, p.id]));
  }

  async listRevisions(subject: RevisionSubject, subjectId: number): Promise<Revision[]> {
    return this.t.revisions
      .filter((r) => r.subject === subject && r.subjectId === subjectId)
      .sort((a, b) => a.revision - b.revision)
      .map(copy);
  }

  async findRevision(subject: RevisionSubject, subjectId: number, revision: number): Promise<Revision | null> {
    const found = this.t.revisions.find((r) => r.subject === subject && r.subjectId === subjectId && r.revision === revision);
    return found ? copy(found) : null;
  }

  async deletedPoems(publicationId: number): Promise<Revision[]> {
    const latest = new Map<number, Revision>();
    for (const r of this.t.revisions) {
      if (r.subject !== 'poem' || r.publicationId !== publicationId || this.t.poems.has(r.subjectId)) continue;
      if ((latest.get(r.subjectId)?.revision ?? 0) < r.revision) latest.set(r.subjectId, r);
    }
    return [...latest.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.subjectId - a.subjectId).map(copy);
  }

  async poemReading(poemId: number): Promise<PoemReading | null> {
    const reading = this.t.poems.has(poemId) ? this.t.readings.get(poemId) : undefined;
    return reading ? structuredClone(reading) : null;
  }

  async setPoemReading(id: number, reading: PoemReading | null): Promise<void> {
    if (!this.t.poems.has(id)) return;
    if (reading) this.t.readings.set(id, structuredClone(reading));
    else this.t.readings.delete(id);
  }

  async lockPublication(ref: CatalogRef): Promise<Publication | null> {
    return this.findPublication(ref);
  }

  async insertPublication(fields: PublicationFields): Promise<number> {
    const taken = new Set([...this.t.publications.values()].map((p) => p.slug));
    const id = this.t.nextPublicationId++;
    this.t.publications.set(id, {
      ...copy(fields),
      // As the column's default: a publication made without one is English.
      language: fields.language ?? 'en',
      id,
      slug: uniqueSlug(slugify(fields.title), taken),
      status: 'draft' as PublicationStatus,
      createdAt: this.now,
      updatedAt: this.now,
      deletedAt: null,
      publishedAt: null,
      revision: 0,
    });
    return id;
  }

  async updatePublication(id: number, fields: Partial<PublicationFields>): Promise<void> {
    const row = this.t.publications.get(id);
    if (!row) return;
    const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    Object.assign(row, copy(defined), { updatedAt: this.now });
  }

  async setLifecycle(id: number, state: LifecycleState): Promise<void> {
    const row = this.t.publications.get(id);
    if (row) Object.assign(row, { status: state.status, deletedAt: state.deletedAt, publishedAt: state.publishedAt, updatedAt: this.now });
  }

  async deletePublication(id: number): Promise<void> {
    this.t.publications.delete(id);
    // ON DELETE CASCADE: its poems and its history go with it.
    for (const poem of [...this.t.poems.values()]) if (poem.publicationId === id) this.t.poems.delete(poem.id);
    this.t.revisions = this.t.revisions.filter((r) => r.publicationId !== id);
  }

  async appendPoems(publicationId: number, poems: Array<NewPoem & { sourceKey?: string }>): Promise<number[]> {
    if (!this.t.publications.has(publicationId)) throw new Error(`insert violates foreign key: no publication ${publicationId}`);
    const existing = await this.poemIdsForSourceKeys(poems.flatMap((p) => (p.sourceKey ? [p.sourceKey] : [])));
    const taken = new Set([...this.t.poems.values()].map((p) => p.slug));
    let position = Math.max(0, ...[...this.t.poems.values()].filter((p) => p.publicationId === publicationId).map((p) => p.position));
    const ids: number[] = [];
    let fresh = 0;
    const keysNow = new Set<string>();
    for (const poem of poems) {
      const already = poem.sourceKey ? existing.get(poem.sourceKey) : undefined;
      if (already !== undefined) {
        ids.push(already);
        continue;
      }
      // One INSERT: the same new key twice in it breaks the key's unique constraint.
      if (poem.sourceKey && keysNow.has(poem.sourceKey)) throw new Error(`duplicate key: source key ${poem.sourceKey}`);
      if (poem.sourceKey) keysNow.add(poem.sourceKey);
      const slug = uniqueSlug(slugify(poem.title), taken);
      taken.add(slug);
      const id = this.t.nextPoemId++;
      this.t.poems.set(id, {
        id,
        publicationId,
        slug,
        title: poem.title,
        body: poem.body,
        notes: poem.notes ?? '',
        lineCount: countLines(poem.body),
        wordCount: countWords(poem.body),
        pageNumbers: [...(poem.pageNumbers ?? [])],
        position: ++position,
        language: poem.language ?? null,
        sourceKey: poem.sourceKey ?? null,
        revision: 0,
        ...AS_SCANNED,
        createdAt: this.now,
        updatedAt: this.now,
      });
      if (poem.reading) this.t.readings.set(id, structuredClone(poem.reading));
      ids.push(id);
      fresh++;
    }
    if (fresh > 0) await this.touch(publicationId);
    return ids;
  }

  async updatePoem(id: number, edit: PoemEdit): Promise<void> {
    const row = this.t.poems.get(id);
    if (!row) return;
    Object.assign(row, {
      title: edit.title,
      body: edit.body,
      notes: edit.notes,
      lineCount: countLines(edit.body),
      wordCount: countWords(edit.body),
      ...(edit.pageNumbers ? { pageNumbers: [...edit.pageNumbers] } : {}),
      ...(edit.language !== undefined ? { language: edit.language } : {}),
      updatedAt: this.now,
    });
  }

  async setProofreading(id: number, proofreading: Proofreading): Promise<void> {
    const row = this.t.poems.get(id);
    if (row) Object.assign(row, copy(proofreading), { updatedAt: this.now });
  }

  async deletePoem(id: number): Promise<void> {
    this.t.poems.delete(id);
  }

  async lockPoem(ref: CatalogRef): Promise<Poem | null> {
    return this.findPoem(ref);
  }

  async reinsertPoem(id: number, publicationId: number, version: PoemVersion): Promise<void> {
    if (this.t.poems.has(id)) throw new Error(`duplicate key value violates unique constraint "poems_pkey": ${id}`);
    const taken = new Set([...this.t.poems.values()].map((p) => p.slug));
    for (const poem of this.t.poems.values())
      if (poem.publicationId === publicationId && poem.position >= version.position) poem.position++;
    this.t.poems.set(id, {
      id,
      publicationId,
      slug: uniqueSlug(version.slug || slugify(version.title), taken),
      title: version.title,
      body: version.body,
      notes: version.notes,
      lineCount: countLines(version.body),
      wordCount: countWords(version.body),
      pageNumbers: [...version.pageNumbers],
      position: version.position,
      language: version.language ?? null,
      sourceKey: null,
      revision: 0,
      ...AS_SCANNED,
      createdAt: this.now,
      updatedAt: this.now,
    });
    await this.touch(publicationId);
  }

  async addRevision(revision: NewRevision): Promise<void> {
    const clash = this.t.revisions.some(
      (r) => r.subject === revision.subject && r.subjectId === revision.subjectId && r.revision === revision.revision,
    );
    if (clash) throw new Error(`duplicate key: ${revision.subject} ${revision.subjectId} already has version ${revision.revision}`);
    if (!this.t.publications.has(revision.publicationId))
      throw new Error(`insert violates foreign key: no publication ${revision.publicationId}`);
    this.t.revisions.push({ ...copy(revision), createdAt: revision.createdAt ?? this.now });
  }

  async setRevision(subject: RevisionSubject, id: number, revision: number): Promise<void> {
    const row = subject === 'poem' ? this.t.poems.get(id) : this.t.publications.get(id);
    if (row) row.revision = revision;
  }

  async lockPoems(publicationId: number): Promise<Poem[]> {
    return [...this.t.poems.values()]
      .filter((p) => p.publicationId === publicationId)
      .sort(byReadingOrder)
      .map(toPoem);
  }

  async setPoemOrder(publicationId: number, poemIds: number[]): Promise<void> {
    poemIds.forEach((id, i) => {
      const poem = this.t.poems.get(id);
      if (poem?.publicationId === publicationId && poem.position !== i + 1) Object.assign(poem, { position: i + 1, updatedAt: this.now });
    });
    await this.touch(publicationId);
  }

  async clearPoems(publicationId: number, poemIds?: number[]): Promise<number> {
    const listed = poemIds && new Set(poemIds);
    let removed = 0;
    for (const poem of [...this.t.poems.values()]) {
      if (poem.publicationId !== publicationId || (listed && !listed.has(poem.id))) continue;
      this.t.poems.delete(poem.id);
      removed++;
    }
    await this.touch(publicationId);
    return removed;
  }

  async touch(publicationId: number): Promise<void> {
    const row = this.t.publications.get(publicationId);
    if (row) row.updatedAt = this.now;
  }
}

/**
 * The catalog's use cases over the fake repository, as CatalogCoreModule wires them over the real
 * one: what scanning's use cases are given as CATALOG_READ_API and CATALOG_WRITE_API.
 */
export function fakeCatalog(clock = new ManualClock()) {
  const repo = new FakeCatalogRepository(clock);
  const events = new CatalogEvents();
  return { repo, events, clock, queries: new CatalogQueries(repo), commands: new CatalogCommands(repo, events) };
}
