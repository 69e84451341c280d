import type { PublicationSortField } from '../../../../contracts/catalog.js';
import type { NewPoem, Poem } from '../../domain/poem.js';
import type { Publication, PublicationFields, PublicationStatus } from '../../domain/publication.js';

export type PublicationFilter = 'active' | 'draft' | 'published' | 'trash' | 'public';

/** How to list: text to find in title or authors, the order, and the slice. */
export interface PublicationListOptions {
  search?: string;
  /** Default: newest first (the trash: most recently deleted first). */
  sort?: { field: PublicationSortField; order: 'ASC' | 'DESC' };
  page?: { offset: number; limit: number };
}

/** One unit of work: every method of the repository, bound to one transaction. */
export interface CatalogTransaction {
  findPublication(ref: { id: number } | { slug: string }, lock?: boolean): Promise<Publication | null>;
  insertPublication(fields: PublicationFields): Promise<number>;
  updatePublication(id: number, fields: Partial<PublicationFields>): Promise<void>;
  setLifecycle(id: number, state: { status: PublicationStatus; deleted_at: string | null; published_at: string | null }): Promise<void>;
  deletePublication(id: number): Promise<void>;
  findPoem(ref: { id: number } | { slug: string }): Promise<Poem | null>;
  /** Appends poems after the last one; poems whose source_key exists are left alone. Answers ids in input order. */
  appendPoems(publicationId: number, poems: Array<NewPoem & { source_key?: string }>): Promise<number[]>;
  updatePoem(id: number, fields: { title: string; body: string; notes: string; page_numbers?: number[] }): Promise<void>;
  deletePoem(id: number): Promise<void>;
  /** Every poem of the publication in reading order, locked until the transaction ends. */
  lockPoems(publicationId: number): Promise<Poem[]>;
  /** Gives the poems positions 1..n in the order of `poemIds` (all of the publication's poems). */
  setPoemOrder(publicationId: number, poemIds: number[]): Promise<void>;
  /** Removes every poem of the publication, or only those listed. Answers how many went. */
  clearPoems(publicationId: number, poemIds?: number[]): Promise<number>;
  /** Marks the publication changed (updated_at) and tells caches that the catalog changed. */
  touch(publicationId: number): Promise<void>;
}

export interface CatalogRepository {
  listPublications(filter: PublicationFilter, options?: PublicationListOptions): Promise<{ items: Publication[]; total: number }>;
  findPublication(ref: { id: number } | { slug: string }): Promise<Publication | null>;
  listPoems(publicationId: number): Promise<Poem[]>;
  /** Every poem of every published, non-deleted publication, in reading order (one query). */
  listPublishedPoems(): Promise<Poem[]>;
  findPoem(ref: { id: number } | { slug: string }): Promise<Poem | null>;
  /** Runs work in one transaction; a thrown error rolls everything back. */
  transaction<T>(work: (tx: CatalogTransaction) => Promise<T>): Promise<T>;
}

export const CATALOG_REPOSITORY = Symbol('CATALOG_REPOSITORY');
