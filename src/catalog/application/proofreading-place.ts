import { Inject, Injectable } from '@nestjs/common';
import { CatalogError } from '../domain/catalog.errors.js';
import type { Poem } from '../domain/poem.js';
import type { Curator } from '../domain/revision.js';
import { parseRef } from '../domain/slug.js';
import { CATALOG_REPOSITORY, type CatalogRepository } from './ports/catalog.repository.port.js';
import { PROOFREADING_PLACES, type ProofreadingPlaces } from './ports/proofreading-places.port.js';

/**
 * "Proofread this book": the poem a curator opens the book at. Where they stopped, when that poem
 * is still in the book; else the first poem no one has proofread yet, in reading order; else the
 * first poem (null for a book without poems). Each curator has their own place, so a family
 * sharing a book each picks up their own part.
 */
export function resumeAt(poems: Array<Pick<Poem, 'id' | 'status'>>, stopped: number | null): number | null {
  if (stopped !== null && poems.some((p) => p.id === stopped)) return stopped;
  return (poems.find((p) => p.status === 'as_scanned') ?? poems[0])?.id ?? null;
}

@Injectable()
export class ProofreadingPlace {
  constructor(
    @Inject(CATALOG_REPOSITORY) private readonly repo: CatalogRepository,
    @Inject(PROOFREADING_PLACES) private readonly places: ProofreadingPlaces,
  ) {}

  private async book(ref: string | number) {
    const publication = await this.repo.findPublication(parseRef(ref));
    if (!publication) throw CatalogError.publicationNotFound();
    return { publication, poems: await this.repo.listPoems(publication.id) };
  }

  async resume(ref: string | number, curator: Curator): Promise<number | null> {
    const { publication, poems } = await this.book(ref);
    return resumeAt(poems, await this.places.placeOf(curator.id, publication.id));
  }

  /** Keeps the poem the curator has open; a poem of another book is not found in this one (404). */
  async keep(ref: string | number, curator: Curator, poemId: number): Promise<number> {
    const { publication, poems } = await this.book(ref);
    if (!poems.some((p) => p.id === poemId)) throw CatalogError.poemNotFound();
    await this.places.keep(curator.id, publication.id, poemId);
    return poemId;
  }
}
