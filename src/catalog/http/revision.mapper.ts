import type {
  DeletedPoem,
  PoemHistory,
  PoemRevision,
  PoemSnapshot,
  PublicationHistory,
  PublicationRevision,
  PublicationSnapshot,
} from '../../../contracts/history.js';
import type { OverwroteNewer } from '../../../contracts/catalog.js';
import type { PoemHistoryView, PublicationHistoryView } from '../application/catalog-history.js';
import { restorableRevision, type PoemVersion, type PublicationVersion, type Revision } from '../domain/revision.js';

/** Versions as the API answers them (contracts/history.ts). */
export const RevisionMapper = {
  poemSnapshot(v: PoemVersion): PoemSnapshot {
    return {
      title: v.title,
      body: v.body,
      notes: v.notes,
      page_numbers: v.pageNumbers,
      position: v.position,
      deleted: v.deleted,
      ...(v.status ? { status: v.status } : {}),
      ...(v.language ? { language: v.language } : {}),
    };
  },

  publicationSnapshot(v: PublicationVersion): PublicationSnapshot {
    return {
      title: v.title,
      authors: v.authors,
      publisher: v.publisher,
      publication_date: v.publicationDate,
      isbn: v.isbn,
      notes: v.notes,
      ...(v.language ? { language: v.language } : {}),
      status: v.status,
      deleted_at: v.deletedAt,
      published_at: v.publishedAt,
      poems: v.poems,
    };
  },

  summary(r: Revision) {
    return {
      revision: r.revision,
      action: r.action,
      user_id: r.userId,
      username: r.username,
      created_at: r.createdAt.toISOString(),
      overwrote: r.overwrote,
      title: r.snapshot.title,
    };
  },

  /** The newer version a save overwrote. */
  overwrote(r: Revision): NonNullable<OverwroteNewer['overwrote']> {
    return { revision: r.revision, username: r.username, created_at: r.createdAt.toISOString() };
  },

  poemRevision(r: Revision<PoemVersion>): PoemRevision {
    return { ...RevisionMapper.summary(r), snapshot: RevisionMapper.poemSnapshot(r.snapshot) };
  },

  publicationRevision(r: Revision<PublicationVersion>): PublicationRevision {
    return { ...RevisionMapper.summary(r), snapshot: RevisionMapper.publicationSnapshot(r.snapshot) };
  },

  deletedPoem(r: Revision<PoemVersion>): DeletedPoem {
    return {
      id: r.subjectId,
      title: r.snapshot.title,
      restorable_revision: restorableRevision(r),
      deleted_at: r.createdAt.toISOString(),
      username: r.username,
    };
  },

  poemHistory(h: PoemHistoryView): PoemHistory {
    return { id: h.id, publication_id: h.publicationId, current: h.current, revisions: h.revisions.map(RevisionMapper.poemRevision) };
  },

  publicationHistory(h: PublicationHistoryView): PublicationHistory {
    return {
      id: h.id,
      current: h.current,
      revisions: h.revisions.map(RevisionMapper.publicationRevision),
      deleted_poems: h.deletedPoems.map(RevisionMapper.deletedPoem),
    };
  },
};
