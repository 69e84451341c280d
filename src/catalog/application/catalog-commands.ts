import { Inject, Injectable } from '@nestjs/common';
import { CatalogError } from '../domain/catalog.errors.js';
import type { NewPoem, Poem, PoemChange } from '../domain/poem.js';
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
import { afterScan, afterTextEdit, markPoem, sameProofreading, textChanged, type PoemStatus } from '../domain/proofreading.js';
import { poemVersion, publicationVersion, type Curator, type RevisionAction } from '../domain/revision.js';
import { keepFirstVersion, keepVersion, type Overwrite, type SaveContext, type VersionedSubject } from './revision-log.js';
import type { CatalogWriteApi, ScannedPoem } from './catalog.contract.js';
import { CatalogEvents } from './catalog-events.js';
import { realignReading } from './poem-proofreading.js';
import type { ReadLine } from '../domain/poem-reading.js';
import { CATALOG_REPOSITORY, type CatalogRepository, type CatalogTransaction } from './ports/catalog.repository.port.js';

async function mustFind(tx: CatalogTransaction, ref: string | number): Promise<Publication> {
  const publication = await tx.lockPublication(parseRef(ref));
  if (!publication) throw CatalogError.publicationNotFound();
  return publication;
}

/** A publication before a save, with its poems' order, for its history. */
async function publicationSubject(
  tx: CatalogTransaction,
  publication: Publication,
): Promise<VersionedSubject<ReturnType<typeof publicationVersion>>> {
  const poems = await tx.lockPoems(publication.id);
  return {
    subject: 'publication',
    id: publication.id,
    publicationId: publication.id,
    revision: publication.revision,
    version: publicationVersion(publication, poems),
    changedAt: publication.updatedAt,
  };
}

export function poemSubject(poem: Poem): VersionedSubject<ReturnType<typeof poemVersion>> {
  return {
    subject: 'poem',
    id: poem.id,
    publicationId: poem.publicationId,
    revision: poem.revision,
    version: poemVersion(poem),
    changedAt: poem.updatedAt,
  };
}

/** Reads the publication after a save and keeps its new version. */
async function keepPublication(
  tx: CatalogTransaction,
  before: VersionedSubject<ReturnType<typeof publicationVersion>>,
  action: RevisionAction,
  by: SaveContext,
): Promise<Publication & Overwrite> {
  const after = (await tx.findPublication({ id: before.id }))!;
  const { overwrote } = await keepVersion(tx, before, publicationVersion(after, await tx.lockPoems(before.id)), action, by);
  return { ...(await tx.findPublication({ id: before.id }))!, ...(overwrote ? { overwrote } : {}) };
}

/** Every change to the catalog, each in one transaction, each save kept in the history with it. */
@Injectable()
export class CatalogCommands implements CatalogWriteApi {
  constructor(
    @Inject(CATALOG_REPOSITORY) private readonly repo: CatalogRepository,
    private readonly events: CatalogEvents,
  ) {}

  createPublication(fields: PublicationFields, by: SaveContext = {}): Promise<Publication> {
    return this.repo.transaction(async (tx) => {
      const id = await tx.insertPublication(fields);
      const created = (await tx.findPublication({ id }))!;
      await keepFirstVersion(tx, { subject: 'publication', id, publicationId: id }, publicationVersion(created, []), by.actor);
      return (await tx.findPublication({ id }))!;
    });
  }

  updatePublication(ref: string | number, fields: Partial<PublicationFields>, by: SaveContext = {}): Promise<Publication & Overwrite> {
    return this.repo.transaction(async (tx) => {
      const before = await publicationSubject(tx, await mustFind(tx, ref));
      await tx.updatePublication(before.id, fields);
      return keepPublication(tx, before, 'details', by);
    });
  }

  /** Applies a lifecycle rule to the publication's current state and stores the result. */
  private lifecycle(
    ref: string | number,
    rule: (state: LifecycleState, now: Date) => LifecycleState,
    action: (next: LifecycleState) => RevisionAction,
    by: SaveContext,
  ): Promise<Publication> {
    return this.repo.transaction(async (tx) => {
      const current = await mustFind(tx, ref);
      const before = await publicationSubject(tx, current);
      const next = rule(current, new Date());
      await tx.setLifecycle(current.id, next);
      return keepPublication(tx, before, action(next), by);
    });
  }

  setStatus(ref: string | number, status: PublicationStatus, by: SaveContext = {}): Promise<Publication> {
    return this.lifecycle(ref, (state, now) => changeStatus(state, status, now), statusAction, by);
  }

  toggleStatus(ref: string | number, by: SaveContext = {}): Promise<Publication> {
    return this.lifecycle(ref, (state, now) => changeStatus(state, toggledStatus(state.status), now), statusAction, by);
  }

  moveToTrash(ref: string | number, by: SaveContext = {}): Promise<Publication> {
    return this.lifecycle(ref, moveToTrash, () => 'trash', by);
  }

  restore(ref: string | number, by: SaveContext = {}): Promise<Publication> {
    return this.lifecycle(ref, restoreFromTrash, () => 'untrash', by);
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
        if (poemIds !== undefined)
          assertPoemsOfPublication(
            (await tx.lockPoems(found.id)).map((p) => p.id),
            poemIds,
          );
        return found;
      });
      await this.events.scansDiscarded(publication.id, { jobIds: scanJobIds, poemIds });
      ref = publication.id;
    }
    return this.repo.transaction(async (tx) => {
      const publication = await mustFind(tx, ref);
      if (poemIds === undefined) return { deletedPoems: await tx.clearPoems(publication.id) };
      const own = await tx.lockPoems(publication.id);
      assertPoemsOfPublication(
        own.map((p) => p.id),
        poemIds,
      );
      return { deletedPoems: poemIds.length ? await tx.clearPoems(publication.id, poemIds) : 0 };
    });
  }

  /** A poem typed in by the editor, added after the last one. Not into a publication in trash. */
  createPoem(ref: string | number, poem: NewPoem, by: SaveContext = {}): Promise<Poem> {
    return this.repo.transaction(async (tx) => {
      const publication = await mustFind(tx, ref);
      if (publication.deletedAt) throw CatalogError.inTrash();
      const [id] = await tx.appendPoems(publication.id, [poem]);
      await keepFirstVersion(
        tx,
        { subject: 'poem', id, publicationId: publication.id },
        poemVersion((await tx.findPoem({ id }))!),
        by.actor,
      );
      return (await tx.findPoem({ id }))!;
    });
  }

  /**
   * Sets the reading order: `poemIds` lists every poem of the publication once. Answers the poems
   * in it. The order is the publication's: its history keeps it, so a reorder can be undone.
   */
  reorderPoems(ref: string | number, poemIds: number[], by: SaveContext = {}): Promise<Poem[]> {
    return this.repo.transaction(async (tx) => {
      const publication = await mustFind(tx, ref);
      const before = await publicationSubject(tx, publication);
      assertCompleteOrder(
        before.version.poems.map((p) => p.id),
        poemIds,
      );
      await tx.setPoemOrder(publication.id, poemIds);
      await keepPublication(tx, before, 'reorder', by);
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

  continueScannedPoem(
    poemId: number,
    change: { was: string; body: string; pageNumbers: number[]; reading?: ReadLine[] },
  ): Promise<Poem | null> {
    return this.repo.transaction(async (tx) => {
      const poem = await tx.findPoem({ id: poemId });
      if (!poem) throw CatalogError.poemNotFound();
      // Locks the publication's poems, so the text compared is the text replaced.
      const locked = (await tx.lockPoems(poem.publicationId)).find((p) => p.id === poemId);
      if (!locked || locked.body !== change.was) return null;
      await tx.updatePoem(poemId, { title: locked.title, body: change.body, notes: locked.notes, pageNumbers: change.pageNumbers });
      const proofreading = afterScan(locked);
      if (!sameProofreading(locked, proofreading)) await tx.setProofreading(poemId, proofreading);
      await realignReading(tx, poemId, change.body, change.reading);
      await tx.touch(locked.publicationId);
      // A poem with history gets the scan's change as a version; one without gets its first lazily.
      if (locked.revision > 0) await keepVersion(tx, poemSubject(locked), poemVersion((await tx.findPoem({ id: poemId }))!), 'scan', {});
      return (await tx.findPoem({ id: poemId }))!;
    });
  }

  updatePoem(ref: string | number, fields: PoemChange, by: SaveContext = {}): Promise<Poem & Overwrite> {
    return this.repo.transaction(async (tx) => {
      const poem = await tx.lockPoem(parseRef(ref));
      if (!poem) throw CatalogError.poemNotFound();
      const edit = {
        title: fields.title ?? poem.title,
        body: fields.body ?? poem.body,
        notes: fields.notes ?? poem.notes,
        language: fields.language === undefined ? poem.language : fields.language,
      };
      await tx.updatePoem(poem.id, edit);
      await applyTextEdit(tx, poem, edit, by.actor ?? null);
      if (fields.body !== undefined && fields.body !== poem.body) await realignReading(tx, poem.id, fields.body);
      await tx.touch(poem.publicationId);
      const { overwrote } = await keepVersion(tx, poemSubject(poem), poemVersion((await tx.findPoem({ id: poem.id }))!), 'edit', by);
      return { ...(await tx.findPoem({ id: poem.id }))!, ...(overwrote ? { overwrote } : {}) };
    });
  }

  /**
   * A curator marks a poem As scanned, Proofread or Checked (never Checked by its proofreader).
   * The change is a version in the poem's history, with who and when; marking the status it
   * already has changes nothing and keeps no version.
   */
  setPoemStatus(ref: string | number, status: PoemStatus, actor: Curator): Promise<Poem> {
    return this.repo.transaction(async (tx) => {
      const poem = await tx.lockPoem(parseRef(ref));
      if (!poem) throw CatalogError.poemNotFound();
      const next = markPoem(poem, status, actor, new Date());
      if (sameProofreading(poem, next)) return poem;
      await tx.setProofreading(poem.id, next);
      await keepVersion(tx, poemSubject(poem), poemVersion((await tx.findPoem({ id: poem.id }))!), MARK_ACTIONS[status], { actor });
      return (await tx.findPoem({ id: poem.id }))!;
    });
  }

  /** Deletes a poem; its history keeps it (the deletion is its last version), so it can be brought back. */
  deletePoem(ref: string | number, by: SaveContext = {}): Promise<{ id: number; revision: number }> {
    return this.repo.transaction(async (tx) => {
      const poem = await tx.lockPoem(parseRef(ref));
      if (!poem) throw CatalogError.poemNotFound();
      const { revision } = await keepVersion(tx, poemSubject(poem), poemVersion(poem, true), 'delete', by);
      await tx.deletePoem(poem.id);
      await tx.touch(poem.publicationId);
      return { id: poem.id, revision };
    });
  }
}

const MARK_ACTIONS: Record<PoemStatus, RevisionAction> = { as_scanned: 'as_scanned', proofread: 'proofread', checked: 'check' };

/** The edit rule: a change of a Checked poem's text returns it to Proofread (by the editor). */
export async function applyTextEdit(
  tx: CatalogTransaction,
  before: Poem,
  after: { title: string; body: string },
  editor: Curator | null,
): Promise<void> {
  if (!textChanged(before, after)) return;
  const next = afterTextEdit(before, editor, new Date());
  if (!sameProofreading(before, next)) await tx.setProofreading(before.id, next);
}

function statusAction(next: LifecycleState): RevisionAction {
  return next.status === 'published' ? 'publish' : 'unpublish';
}
