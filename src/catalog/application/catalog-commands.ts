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
  const publication = await tx.lockPublication(parseRef(ref));
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
  private lifecycle(ref: string | number, rule: (state: LifecycleState, now: Date) => LifecycleState): Promise<Publication> {
    return this.repo.transaction(async (tx) => {
      const current = await mustFind(tx, ref);
      const next = rule(current, new Date());
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

  async permanentlyDelete(ref: string | number): Promise<{ id: number; deletedPoems: number }> {
    const deleted = await this.repo.transaction(async (tx) => {
      const publication = await mustFind(tx, ref);
      assertPermanentlyDeletable(publication);
      await tx.deletePublication(publication.id);
      return { id: publication.id, deletedPoems: publication.poemCount };
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
  async clearPoems(ref: string | number, poemIds?: number[], scanJobIds: string[] = []): Promise<{ deletedPoems: number }> {
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
      if (poemIds === undefined) return { deletedPoems: await tx.clearPoems(publication.id) };
      const own = await tx.lockPoems(publication.id);
      assertPoemsOfPublication(own.map((p) => p.id), poemIds);
      return { deletedPoems: poemIds.length ? await tx.clearPoems(publication.id, poemIds) : 0 };
    });
  }

  /** A poem typed in by the editor, added after the last one. Not into a publication in trash. */
  createPoem(ref: string | number, poem: NewPoem): Promise<Poem> {
    return this.repo.transaction(async (tx) => {
      const publication = await mustFind(tx, ref);
      if (publication.deletedAt) throw CatalogError.inTrash();
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

  addPoems(ref: string | number, poems: Array<NewPoem & { sourceKey?: string }>): Promise<Poem[]> {
    return this.repo.transaction(async (tx) => {
      const publication = await mustFind(tx, ref);
      const ids = await tx.appendPoems(publication.id, poems);
      // One read at a time: a transaction is one connection, on which node-postgres queues
      // overlapping queries today and will refuse them in its next major version.
      const added: Poem[] = [];
      for (const id of ids) added.push((await tx.findPoem({ id }))!);
      return added;
    });
  }

  addScannedPoems(publicationId: number, poems: ScannedPoem[]): Promise<Poem[]> {
    return this.addPoems(publicationId, poems);
  }

  poemIdsForSourceKeys(keys: string[]): Promise<Map<string, number>> {
    return this.repo.poemIdsForSourceKeys(keys);
  }

  continueScannedPoem(poemId: number, change: { was: string; body: string; pageNumbers: number[] }): Promise<Poem | null> {
    return this.repo.transaction(async (tx) => {
      const poem = await tx.findPoem({ id: poemId });
      if (!poem) throw CatalogError.poemNotFound();
      // Locks the publication's poems, so the text compared is the text replaced.
      const locked = (await tx.lockPoems(poem.publicationId)).find((p) => p.id === poemId);
      if (!locked || locked.body !== change.was) return null;
      await tx.updatePoem(poemId, { title: locked.title, body: change.body, notes: locked.notes, pageNumbers: change.pageNumbers });
      await tx.touch(locked.publicationId);
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
      await tx.touch(poem.publicationId);
      return (await tx.findPoem({ id: poem.id }))!;
    });
  }

  deletePoem(ref: string | number): Promise<{ id: number }> {
    return this.repo.transaction(async (tx) => {
      const poem = await tx.findPoem(parseRef(ref));
      if (!poem) throw CatalogError.poemNotFound();
      await tx.deletePoem(poem.id);
      await tx.touch(poem.publicationId);
      return { id: poem.id };
    });
  }
}
