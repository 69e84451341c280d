import { Inject, Injectable } from '@nestjs/common';
import { CatalogError } from '../domain/catalog.errors.js';
import type { Poem } from '../domain/poem.js';
import type { Publication } from '../domain/publication.js';
import {
  poemVersion,
  publicationVersion,
  restoredOrder,
  type Curator,
  type PoemVersion,
  type PublicationVersion,
  type Revision,
} from '../domain/revision.js';
import { parseRef } from '../domain/slug.js';
import { applyTextEdit, poemSubject } from './catalog-commands.js';
import { CATALOG_REPOSITORY, type CatalogRepository } from './ports/catalog.repository.port.js';
import { realignReading } from './poem-proofreading.js';
import { keepVersion } from './revision-log.js';

export interface PoemHistoryView {
  id: number;
  publicationId: number;
  /** The live poem's version; null when it is deleted. */
  current: number | null;
  revisions: Array<Revision<PoemVersion>>;
}

export interface PublicationHistoryView {
  id: number;
  current: number;
  revisions: Array<Revision<PublicationVersion>>;
  /** The latest version of each of its poems that was deleted. */
  deletedPoems: Array<Revision<PoemVersion>>;
}

/** A poem's history is asked for by id: a deleted poem has no slug to find it by. */
function poemId(ref: string | number): number {
  const parsed = parseRef(ref);
  if (!('id' in parsed)) throw CatalogError.poemNotFound();
  return parsed.id;
}

/** The history of poems and publications, and Restore: bringing a version back as a new version. */
@Injectable()
export class CatalogHistory {
  constructor(@Inject(CATALOG_REPOSITORY) private readonly repo: CatalogRepository) {}

  async poemHistory(ref: string | number): Promise<PoemHistoryView> {
    const id = poemId(ref);
    const revisions = (await this.repo.listRevisions('poem', id)) as Array<Revision<PoemVersion>>;
    const live = await this.repo.findPoem({ id });
    if (!live && revisions.length === 0) throw CatalogError.poemNotFound();
    // A poem without history yet shows the version it has, as its first.
    if (live && live.revision === 0) revisions.push(firstVersion('poem', live.id, live.publicationId, poemVersion(live), live.updatedAt));
    return {
      id,
      publicationId: live?.publicationId ?? revisions[0].publicationId,
      current: live ? Math.max(live.revision, 1) : null,
      revisions,
    };
  }

  async poemRevision(ref: string | number, revision: number): Promise<Revision<PoemVersion>> {
    const found = (await this.poemHistory(ref)).revisions.find((r) => r.revision === revision);
    if (!found) throw CatalogError.revisionNotFound();
    return found;
  }

  async publicationHistory(ref: string | number): Promise<PublicationHistoryView> {
    const publication = await this.repo.findPublication(parseRef(ref));
    if (!publication) throw CatalogError.publicationNotFound();
    const revisions = (await this.repo.listRevisions('publication', publication.id)) as Array<Revision<PublicationVersion>>;
    if (publication.revision === 0) {
      const version = publicationVersion(publication, await this.repo.listPoems(publication.id));
      revisions.push(firstVersion('publication', publication.id, publication.id, version, publication.updatedAt));
    }
    return {
      id: publication.id,
      current: Math.max(publication.revision, 1),
      revisions,
      deletedPoems: (await this.repo.deletedPoems(publication.id)) as Array<Revision<PoemVersion>>,
    };
  }

  async publicationRevision(ref: string | number, revision: number): Promise<Revision<PublicationVersion>> {
    const found = (await this.publicationHistory(ref)).revisions.find((r) => r.revision === revision);
    if (!found) throw CatalogError.revisionNotFound();
    return found;
  }

  /**
   * Brings a poem back to one of its versions, as a new version; a deleted poem comes back under
   * its id, at its place in the book. Not into a publication in trash: restore that first.
   */
  restorePoem(ref: string | number, revision: number, actor: Curator | null): Promise<{ poem: Poem; revision: number }> {
    const id = poemId(ref);
    return this.repo.transaction(async (tx) => {
      const target = (await tx.findRevision('poem', id, revision)) as Revision<PoemVersion> | null;
      const live = await tx.lockPoem({ id });
      if (!target) {
        // A poem without history has one version, its own: restoring it changes nothing.
        if (live && live.revision === 0 && revision === 1) return { poem: live, revision: 1 };
        throw live || (await tx.listRevisions('poem', id)).length ? CatalogError.revisionNotFound() : CatalogError.poemNotFound();
      }
      if (target.snapshot.deleted) throw CatalogError.revisionIsDeletion();
      const publication = await tx.lockPublication({ id: target.publicationId });
      if (!publication) throw CatalogError.publicationNotFound();
      const version = target.snapshot;
      if (live) {
        await tx.updatePoem(id, {
          title: version.title,
          body: version.body,
          notes: version.notes,
          pageNumbers: version.pageNumbers,
          language: version.language ?? null,
        });
        // Its status is not restored: the text it brings back is an edit like any other.
        await applyTextEdit(tx, live, version, actor);
        await realignReading(tx, id, version.body);
        await tx.touch(live.publicationId);
        const kept = await keepVersion(tx, poemSubject(live), poemVersion((await tx.findPoem({ id }))!), 'revert', { actor });
        return { poem: (await tx.findPoem({ id }))!, revision: kept.revision };
      }
      if (publication.deletedAt) throw CatalogError.inTrash();
      const history = await tx.listRevisions('poem', id);
      const latest = history[history.length - 1];
      await tx.reinsertPoem(id, target.publicationId, version);
      const restored = (await tx.findPoem({ id }))!;
      const kept = await keepVersion(
        tx,
        {
          subject: 'poem',
          id,
          publicationId: target.publicationId,
          revision: latest.revision,
          version: latest.snapshot as PoemVersion,
          changedAt: latest.createdAt,
        },
        poemVersion(restored),
        'revert',
        { actor },
      );
      return { poem: (await tx.findPoem({ id }))!, revision: kept.revision };
    });
  }

  /** Brings a publication back to one of its versions (details, status, trash, poem order), as a new version. */
  restorePublication(
    ref: string | number,
    revision: number,
    actor: Curator | null,
  ): Promise<{ publication: Publication; revision: number }> {
    return this.repo.transaction(async (tx) => {
      const publication = await tx.lockPublication(parseRef(ref));
      if (!publication) throw CatalogError.publicationNotFound();
      const target = (await tx.findRevision('publication', publication.id, revision)) as Revision<PublicationVersion> | null;
      if (!target) {
        if (publication.revision === 0 && revision === 1) return { publication, revision: 1 };
        throw CatalogError.revisionNotFound();
      }
      const poems = await tx.lockPoems(publication.id);
      const before = {
        subject: 'publication' as const,
        id: publication.id,
        publicationId: publication.id,
        revision: publication.revision,
        version: publicationVersion(publication, poems),
        changedAt: publication.updatedAt,
      };
      const v = target.snapshot;
      await tx.updatePublication(publication.id, {
        title: v.title,
        authors: v.authors,
        publisher: v.publisher,
        publicationDate: v.publicationDate,
        isbn: v.isbn,
        notes: v.notes,
        // A version saved before books had a language leaves the language as it is.
        ...(v.language ? { language: v.language } : {}),
      });
      await tx.setLifecycle(publication.id, {
        status: v.status,
        deletedAt: v.deletedAt ? new Date(v.deletedAt) : null,
        publishedAt: v.publishedAt ? new Date(v.publishedAt) : null,
      });
      await tx.setPoemOrder(
        publication.id,
        restoredOrder(
          v,
          poems.map((p) => p.id),
        ),
      );
      const after = publicationVersion((await tx.findPublication({ id: publication.id }))!, await tx.lockPoems(publication.id));
      const kept = await keepVersion(tx, before, after, 'revert', { actor });
      return { publication: (await tx.findPublication({ id: publication.id }))!, revision: kept.revision };
    });
  }
}

/** The version a subject without history has, shown as its first. */
function firstVersion<V extends PoemVersion | PublicationVersion>(
  subject: 'poem' | 'publication',
  id: number,
  publicationId: number,
  snapshot: V,
  at: Date,
): Revision<V> {
  return {
    subject,
    subjectId: id,
    publicationId,
    revision: 1,
    action: 'original',
    snapshot,
    userId: null,
    username: null,
    overwrote: null,
    createdAt: at,
  };
}
