import { Inject, Injectable } from '@nestjs/common';
import { CatalogError } from '../domain/catalog.errors.js';
import type { Poem } from '../domain/poem.js';
import type { PoemStatus } from '../domain/proofreading.js';
import type { Publication } from '../domain/publication.js';
import { parseRef } from '../domain/slug.js';
import type { CatalogReadApi, Viewer } from './catalog.contract.js';
import {
  CATALOG_REPOSITORY,
  type BookReading,
  type CatalogRepository,
  type PublicationFilter,
  type PublicationListOptions,
} from './ports/catalog.repository.port.js';

/** Visitors see a publication only while it is published and not in trash. */
export function isVisible(publication: Publication, viewer: Viewer): boolean {
  return viewer.staff || (publication.status === 'published' && publication.deletedAt === null);
}

@Injectable()
export class CatalogQueries implements CatalogReadApi {
  constructor(@Inject(CATALOG_REPOSITORY) private readonly repo: CatalogRepository) {}

  async listPublished(): Promise<Publication[]> {
    return (await this.repo.listPublications('public')).items;
  }

  /** Every poem a visitor can read, in one query (for the sitemap). */
  listPublishedPoems(): Promise<Poem[]> {
    return this.repo.listPublishedPoems();
  }

  listPublications(filter: PublicationFilter, options?: PublicationListOptions) {
    return this.repo.listPublications(filter, options);
  }

  async getPublication(ref: string | number, viewer: Viewer): Promise<Publication> {
    const publication = await this.repo.findPublication(parseRef(ref));
    if (!publication || !isVisible(publication, viewer)) throw CatalogError.publicationNotFound();
    return publication;
  }

  /** The publication's poems in reading order; only those with `status` when given (a book's poems are few: filtered here). */
  async listPoems(publicationRef: string | number, viewer: Viewer, status?: PoemStatus): Promise<Poem[]> {
    const publication = await this.getPublication(publicationRef, viewer);
    const poems = await this.repo.listPoems(publication.id);
    return status ? poems.filter((p) => p.status === status) : poems;
  }

  async getPublicationWithPoems(ref: string | number, viewer: Viewer): Promise<{ publication: Publication; poems: Poem[] }> {
    const publication = await this.getPublication(ref, viewer);
    return { publication, poems: await this.repo.listPoems(publication.id) };
  }

  async readBook(ref: string | number, poemRef: string | undefined, viewer: Viewer): Promise<BookReading> {
    const book = await this.repo.readBook(parseRef(ref), poemRef === undefined ? undefined : parseRef(poemRef));
    if (!book || !isVisible(book.publication, viewer)) throw CatalogError.publicationNotFound();
    return book;
  }

  async getPoem(ref: string | number, viewer: Viewer): Promise<Poem> {
    // Staff may read any poem, so only a visitor's read needs its publication.
    if (!viewer.staff) return (await this.getPoemWithPublication(ref, viewer)).poem;
    return this.findPoem(ref);
  }

  async getPoemWithPublication(ref: string | number, viewer: Viewer): Promise<{ poem: Poem; publication: Publication }> {
    const found = await this.repo.findPoemWithPublication(parseRef(ref));
    if (!found || !isVisible(found.publication, viewer)) throw CatalogError.poemNotFound();
    return found;
  }

  private async findPoem(ref: string | number): Promise<Poem> {
    const poem = await this.repo.findPoem(parseRef(ref));
    if (!poem) throw CatalogError.poemNotFound();
    return poem;
  }
}
