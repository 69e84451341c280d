import { Inject, Injectable } from '@nestjs/common';
import { CatalogError } from '../domain/catalog.errors.js';
import type { NewPoem, Poem } from '../domain/poem.js';
import type { Publication, PublicationFields, PublicationStatus } from '../domain/publication.js';
import {
  assertPermanentlyDeletable,
  changeStatus,
  moveToTrash,
  restoreFromTrash,
  toggledStatus,
  type LifecycleState,
} from '../domain/publication-lifecycle.js';
import { assertCompleteOrder, assertPoemsOfPublication } from '../domain/poem-order.js';
import { parseRef } from '../domain/slug.js';
import type { CatalogWriteApi, ScannedPoem } from './catalog.contract.js';
import { CatalogEvents } from './catalog-events.js';
import { CATALOG_REPOSITORY, type CatalogRepository, type CatalogTransaction } from './ports/catalog.repository.port.js';

async function mustFind(tx: CatalogTransaction, ref: string | number): Promise<Publication> {
  const publication = await tx.findPublication(parseRef(ref), true);
  if (!publication) throw CatalogError.publicationNotFound();
  return publication;
}

/** Every change to the catalog, each in one transaction. */
@Injectable()
export class CatalogCommands implements CatalogWriteApi {
  constructor(
    @Inject(CATALOG_REPOSITORY) private readonly repo: CatalogRepository,
    private readonly events: CatalogEvents,
  ) {}

  createPublication(fields: PublicationFields): Promise<Publication> {
    return this.repo.transaction(async (tx) => {
      const id = await tx.insertPublication(fields);
      return (await tx.findPublication({ id }))!;
    });
  }

  updatePublication(ref: string | number, fields: Partial<PublicationFields>): Promise<Publication> {
    return this.repo.transaction(async (tx) => {
      const { id } = await mustFind(tx, ref);
      await tx.updatePublication(id, fields);
      return (await tx.findPublication({ id }))!;
    });
  }

  /** Applies a lifecycle rule to the publication's current state and stores the result. */
  private lifecycle(ref: string | number, rule: (state: LifecycleState, now: string) => LifecycleState): Promise<Publication> {
    return this.repo.transaction(async (tx) => {
      const current = await mustFind(tx, ref);
      const next = rule(current, new Date().toISOString());
      await tx.setLifecycle(current.id, next);
      return (await tx.findPublication({ id: current.id }))!;
    });
  }

  setStatus(ref: string | number, status: PublicationStatus): Promise<Publication> {
    return this.lifecycle(ref, (state, now) => changeStatus(state, status, now));
  }

  toggleStatus(ref: string | number): Promise<Publication> {
    return this.lifecycle(ref, (state, now) => changeStatus(state, toggledStatus(state.status), now));
  }

  moveToTrash(ref: string | number): Promise<Publication> {
    return this.lifecycle(ref, moveToTrash);
  }

  restore(ref: string | number): Promise<Publication> {
    return this.lifecycle(ref, restoreFromTrash);
  }

  async permanentlyDelete(ref: string | number): Promise<{ id: number; deleted_poems: number }> {
    const deleted = await this.repo.transaction(async (tx) => {
      const publication = await mustFind(tx, ref);
      assertPermanentlyDeletable(publication);
      await tx.deletePublication(publication.id);
      return { id: publication.id, deleted_poems: publication.poem_count };
    });
    await this.events.publicationPurged(deleted.id);
    return deleted;
  }

  /**
   * Removes every poem of the publication, or only the listed ones (the poems one wizard session
   * scanned, say), which must all be poems of this publication or nothing is removed. Scan jobs
   * named with them are discarded too (scanning removes the pages they stored), first, so that a
   * refused job leaves the poems, and a retry after a failure in between finds the pages gone.
   */
  async clearPoems(ref: string | number, poemIds?: number[], scanJobIds: string[] = []): Promise<{ deleted_poems: number }> {
    if (scanJobIds.length) {
      const publication = await this.repo.transaction(async (tx) => {
        const found = await mustFind(tx, ref);
        if (poemIds !== undefined) assertPoemsOfPublication((await tx.lockPoems(found.id)).map((p) => p.id), poemIds);
        return found;
      });
      await this.events.scansDiscarded(publication.id, { jobIds: scanJobIds, poemIds });
      ref = publication.id;
    }
    return this.repo.transaction(async (tx) => {
      const publication = await mustFind(tx, ref);
      if (poemIds === undefined) return { deleted_poems: await tx.clearPoems(publication.id) };
      const own = await tx.lockPoems(publication.id);
      assertPoemsOfPublication(own.map((p) => p.id), poemIds);
      return { deleted_poems: poemIds.length ? await tx.clearPoems(publication.id, poemIds) : 0 };
    });
  }

  /** A poem typed in by the editor, added after the last one. Not into a publication in trash. */
  createPoem(ref: string | number, poem: NewPoem): Promise<Poem> {
    return this.repo.transaction(async (tx) => {
      const publication = await mustFind(tx, ref);
      if (publication.deleted_at) throw CatalogError.inTrash();
      const [id] = await tx.appendPoems(publication.id, [poem]);
      return (await tx.findPoem({ id }))!;
    });
  }

  /** Sets the reading order: `poemIds` lists every poem of the publication once. Answers the poems in it. */
  reorderPoems(ref: string | number, poemIds: number[]): Promise<Poem[]> {
    return this.repo.transaction(async (tx) => {
      const publication = await mustFind(tx, ref);
      const current = await tx.lockPoems(publication.id);
      assertCompleteOrder(current.map((p) => p.id), poemIds);
      await tx.setPoemOrder(publication.id, poemIds);
      return tx.lockPoems(publication.id);
    });
  }

  addPoems(ref: string | number, poems: NewPoem[]): Promise<Poem[]> {
    return this.repo.transaction(async (tx) => {
      const publication = await mustFind(tx, ref);
      const ids = await tx.appendPoems(publication.id, poems);
      return Promise.all(ids.map(async (id) => (await tx.findPoem({ id }))!));
    });
  }

  addScannedPoems(publicationId: number, poems: ScannedPoem[]): Promise<Poem[]> {
    return this.addPoems(publicationId, poems);
  }

  continueScannedPoem(poemId: number, change: { was: string; body: string; page_numbers: number[] }): Promise<Poem | null> {
    return this.repo.transaction(async (tx) => {
      const poem = await tx.findPoem({ id: poemId });
      if (!poem) throw CatalogError.poemNotFound();
      // Locks the publication's poems, so the text compared is the text replaced.
      const locked = (await tx.lockPoems(poem.publication_id)).find((p) => p.id === poemId);
      if (!locked || locked.body !== change.was) return null;
      await tx.updatePoem(poemId, { title: locked.title, body: change.body, notes: locked.notes, page_numbers: change.page_numbers });
      await tx.touch(locked.publication_id);
      return (await tx.findPoem({ id: poemId }))!;
    });
  }

  updatePoem(ref: string | number, fields: { title?: string; body?: string; notes?: string }): Promise<Poem> {
    return this.repo.transaction(async (tx) => {
      const poem = await tx.findPoem(parseRef(ref));
      if (!poem) throw CatalogError.poemNotFound();
      await tx.updatePoem(poem.id, {
        title: fields.title ?? poem.title,
        body: fields.body ?? poem.body,
        notes: fields.notes ?? poem.notes,
      });
      await tx.touch(poem.publication_id);
      return (await tx.findPoem({ id: poem.id }))!;
    });
  }

  deletePoem(ref: string | number): Promise<{ id: number }> {
    return this.repo.transaction(async (tx) => {
      const poem = await tx.findPoem(parseRef(ref));
      if (!poem) throw CatalogError.poemNotFound();
      await tx.deletePoem(poem.id);
      await tx.touch(poem.publication_id);
      return { id: poem.id };
    });
  }
}
