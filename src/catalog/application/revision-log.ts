import type { Curator, PoemVersion, PublicationVersion, Revision, RevisionAction, RevisionSubject } from '../domain/revision.js';
import { sameVersion } from '../domain/revision.js';
import type { CatalogTransaction } from './ports/catalog.repository.port.js';

/** Who saves, and on which version the curator made the change (the version their form loaded). */
export interface SaveContext {
  actor?: Curator | null;
  baseRevision?: number;
}

/** What a save answers beside the record: the newer version it overwrote, when its base was older. */
export interface Overwrite {
  overwrote?: Revision;
}

/** The poem or publication a save changes, as it was before the save. */
export interface VersionedSubject<V extends PoemVersion | PublicationVersion> {
  subject: RevisionSubject;
  id: number;
  publicationId: number;
  /** Its latest version's number (0: none kept yet). */
  revision: number;
  version: V;
  /** When it last changed: the time of its first version, kept lazily. */
  changedAt: Date;
}

/**
 * Keeps the version a save makes, in the save's transaction. A subject without history (from
 * before it, a scan, an older backup) first gets the version it had, so the replaced version is
 * always kept. A save that changes nothing makes no version.
 */
export async function keepVersion<V extends PoemVersion | PublicationVersion>(
  tx: CatalogTransaction,
  before: VersionedSubject<V>,
  after: V,
  action: RevisionAction,
  { actor = null, baseRevision }: SaveContext,
): Promise<{ revision: number; overwrote?: Revision }> {
  if (sameVersion(before.version, after)) return { revision: before.revision };
  const common = { subject: before.subject, subjectId: before.id, publicationId: before.publicationId };
  let latest = before.revision;
  if (latest === 0) {
    latest = 1;
    await tx.addRevision({
      ...common,
      revision: 1,
      action: 'original',
      snapshot: before.version,
      userId: null,
      username: null,
      overwrote: null,
      createdAt: before.changedAt,
    });
  }
  const overwritten =
    baseRevision !== undefined && baseRevision < before.revision ? await tx.findRevision(before.subject, before.id, before.revision) : null;
  const revision = latest + 1;
  await tx.addRevision({
    ...common,
    revision,
    action,
    snapshot: after,
    userId: actor?.id ?? null,
    username: actor?.username ?? null,
    overwrote: overwritten?.revision ?? null,
  });
  if (!('deleted' in after && after.deleted)) await tx.setRevision(before.subject, before.id, revision);
  return { revision, ...(overwritten ? { overwrote: overwritten } : {}) };
}

/** The first version of something just made. */
export async function keepFirstVersion(
  tx: CatalogTransaction,
  subject: { subject: RevisionSubject; id: number; publicationId: number },
  version: PoemVersion | PublicationVersion,
  actor: Curator | null | undefined,
): Promise<void> {
  await tx.addRevision({
    subject: subject.subject,
    subjectId: subject.id,
    publicationId: subject.publicationId,
    revision: 1,
    action: 'create',
    snapshot: version,
    userId: actor?.id ?? null,
    username: actor?.username ?? null,
    overwrote: null,
  });
  await tx.setRevision(subject.subject, subject.id, 1);
}
