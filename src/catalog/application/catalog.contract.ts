/**
 * What the rest of the product (reader pages, scanning) may ask of the catalog, in-process.
 * Implemented by CatalogQueries / CatalogCommands; other modules inject these interfaces by the
 * tokens below (provided by CatalogModule), never the classes. Answers are domain types;
 * catalog-responses.ts turns them into the API's JSON.
 */
import type { NewPoem, Poem } from '../domain/poem.js';
import type { ReadLine } from '../domain/poem-reading.js';
import type { Publication } from '../domain/publication.js';
import type { BookReading } from './ports/catalog.repository.port.js';

export type { BookReading };

/** Who is asking: visitors see only published, non-deleted items; staff see drafts too. */
export interface Viewer {
  staff: boolean;
}

export interface CatalogReadApi {
  /** Published, non-deleted publications, newest first. */
  listPublished(): Promise<Publication[]>;
  /** Every poem a visitor can read, in one query (for the sitemap). */
  listPublishedPoems(): Promise<Poem[]>;
  /** By numeric id or slug; throws CatalogError CATALOG.PUBLICATION_NOT_FOUND when hidden or absent. */
  getPublication(ref: string | number, viewer: Viewer): Promise<Publication>;
  /** Poems of a publication in reading order. */
  listPoems(publicationRef: string | number, viewer: Viewer): Promise<Poem[]>;
  /** By numeric id or slug; throws CATALOG.POEM_NOT_FOUND when hidden or absent. */
  getPoem(ref: string | number, viewer: Viewer): Promise<Poem>;
  /** A book with every poem's text, as getPublication finds it, in two queries. */
  getPublicationWithPoems(ref: string | number, viewer: Viewer): Promise<{ publication: Publication; poems: Poem[] }>;
  /**
   * A reader page of a book, in one query: the book as getPublication finds it, its contents, and
   * the texts of the poem `poemRef` names (when the book holds it) and of its opening poem.
   */
  readBook(ref: string | number, poemRef: string | undefined, viewer: Viewer): Promise<BookReading>;
  /** A poem page's read, in one query: the poem as getPoem finds it, and its publication. */
  getPoemWithPublication(ref: string | number, viewer: Viewer): Promise<{ poem: Poem; publication: Publication }>;
}

/** A scanned poem carries a stable key (job id + index) so a retried job never adds it twice. */
export interface ScannedPoem extends NewPoem {
  sourceKey: string;
}

export interface CatalogWriteApi {
  /**
   * Appends poems at the end of the publication in one transaction; poems whose sourceKey
   * already exists are skipped. Answers the poems that exist for the given keys, in input order.
   */
  addScannedPoems(publicationId: number, poems: ScannedPoem[]): Promise<Poem[]>;
  /** Ids of poems already added under these source keys (a rerun of the same scan job). */
  poemIdsForSourceKeys(keys: string[]): Promise<Map<string, number>>;
  /**
   * Runs a poem on with its continuation from a later scan: its new text and printed page numbers,
   * and what was read of the continuation's lines (aligned with the poem's reading).
   * Answers null, changing nothing, when the poem's text is no longer `was` (edited meanwhile).
   */
  continueScannedPoem(
    poemId: number,
    change: { was: string; body: string; pageNumbers: number[]; reading?: ReadLine[] },
  ): Promise<Poem | null>;
}

export const CATALOG_READ_API = Symbol('CatalogReadApi');
export const CATALOG_WRITE_API = Symbol('CatalogWriteApi');
