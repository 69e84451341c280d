import type { PublicationSortField } from '../../../../contracts/catalog.js';
import type { LifecycleState } from '../../domain/publication-lifecycle.js';
import type { ContentsEntry, NewPoem, Poem } from '../../domain/poem.js';
import type { Proofreading } from '../../domain/proofreading.js';
import type { PoemReading } from '../../domain/poem-reading.js';
import type { Publication, PublicationFields } from '../../domain/publication.js';
import type { PoemVersion, Revision, RevisionSubject } from '../../domain/revision.js';

export type PublicationFilter = 'active' | 'draft' | 'published' | 'trash' | 'public';

/** A publication or poem by numeric id or by slug. */
export type CatalogRef = { id: number } | { slug: string };

/** How to list: text to find in title or authors, the order, and the slice. */
export interface PublicationListOptions {
  search?: string;
  /** Default: newest first (the trash: most recently deleted first). */
  sort?: { field: PublicationSortField; order: 'ASC' | 'DESC' };
  page?: { offset: number; limit: number };
}

/** A poem's text as an edit stores it; page numbers stay as they are when not given. */
export interface PoemEdit {
  title: string;
  body: string;
  notes: string;
  pageNumbers?: number[];
  /** Its own language, null for its book's; left as it is when not given. */
  language?: string | null;
}

/** Reads that work the same inside a transaction and outside one. */
export interface CatalogReads {
  findPublication(ref: CatalogRef): Promise<Publication | null>;
  findPoem(ref: CatalogRef): Promise<Poem | null>;
  /** Ids of the poems added under these scan source keys (absent keys are left out). */
  poemIdsForSourceKeys(keys: string[]): Promise<Map<string, number>>;
  /** Every version of a poem or publication, oldest first. */
  listRevisions(subject: RevisionSubject, subjectId: number): Promise<Revision[]>;
  findRevision(subject: RevisionSubject, subjectId: number, revision: number): Promise<Revision | null>;
  /** The latest version of each poem of the publication that no longer exists, newest first. */
  deletedPoems(publicationId: number): Promise<Revision[]>;
  /** What the scan read of the poem's lines; null when nothing was (a poem typed in) or no such poem. */
  poemReading(poemId: number): Promise<PoemReading | null>;
}

/** A version about to be kept; its time is the database's now unless given. */
export type NewRevision = Omit<Revision, 'createdAt'> & { createdAt?: Date };

/** One unit of work: every method of the repository, bound to one transaction. */
export interface CatalogTransaction extends CatalogReads {
  /** Locks the publication's row until the transaction ends, then reads it. */
  lockPublication(ref: CatalogRef): Promise<Publication | null>;
  insertPublication(fields: PublicationFields): Promise<number>;
  updatePublication(id: number, fields: Partial<PublicationFields>): Promise<void>;
  setLifecycle(id: number, state: LifecycleState): Promise<void>;
  deletePublication(id: number): Promise<void>;
  /** Appends poems after the last one; poems whose sourceKey exists are left alone. Answers ids in input order. */
  appendPoems(publicationId: number, poems: Array<NewPoem & { sourceKey?: string }>): Promise<number[]>;
  updatePoem(id: number, edit: PoemEdit): Promise<void>;
  setPoemReading(id: number, reading: PoemReading | null): Promise<void>;
  deletePoem(id: number): Promise<void>;
  /** Stores a poem's status and who proofread it and when. */
  setProofreading(id: number, proofreading: Proofreading): Promise<void>;
  /** Locks the poem's row until the transaction ends, then reads it. */
  lockPoem(ref: CatalogRef): Promise<Poem | null>;
  /** Brings a deleted poem back under its old id at the version's position (later poems move down). */
  reinsertPoem(id: number, publicationId: number, version: PoemVersion): Promise<void>;
  addRevision(revision: NewRevision): Promise<void>;
  /** Marks the live poem or publication as being at this version. */
  setRevision(subject: RevisionSubject, id: number, revision: number): Promise<void>;
  /** Every poem of the publication in reading order, locked until the transaction ends. */
  lockPoems(publicationId: number): Promise<Poem[]>;
  /** Gives the poems positions 1..n in the order of `poemIds` (all of the publication's poems). */
  setPoemOrder(publicationId: number, poemIds: number[]): Promise<void>;
  /** Removes every poem of the publication, or only those listed. Answers how many went. */
  clearPoems(publicationId: number, poemIds?: number[]): Promise<number>;
  /** Marks the publication changed (updatedAt) and tells caches that the catalog changed. */
  touch(publicationId: number): Promise<void>;
}

/** A book as its reader pages show it. */
export interface BookReading {
  publication: Publication;
  /** Every poem of the book in reading order, without its text. */
  contents: ContentsEntry[];
  /**
   * The texts a page shows, in reading order: the poem asked for (when the book holds it) and the
   * book's opening poem (its first poem with text, which the book's social card quotes).
   */
  poems: Poem[];
}

export interface CatalogRepository extends CatalogReads {
  /** A book with its contents and the texts a page of it needs, in one query; null when absent (hidden ones included). */
  readBook(ref: CatalogRef, poem?: CatalogRef): Promise<BookReading | null>;
  /** A poem with its publication, in one query; null when absent. */
  findPoemWithPublication(ref: CatalogRef): Promise<{ poem: Poem; publication: Publication } | null>;
  listPublications(filter: PublicationFilter, options?: PublicationListOptions): Promise<{ items: Publication[]; total: number }>;
  /** The publication's poems in reading order. */
  listPoems(publicationId: number): Promise<Poem[]>;
  /** Every poem of every published, non-deleted publication, in reading order (one query). */
  listPublishedPoems(): Promise<Poem[]>;
  /** Runs work in one transaction; a thrown error rolls everything back. */
  transaction<T>(work: (tx: CatalogTransaction) => Promise<T>): Promise<T>;
}

export const CATALOG_REPOSITORY = Symbol('CATALOG_REPOSITORY');
