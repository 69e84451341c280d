import type { Poem } from './poem.js';
import type { PoemStatus } from './proofreading.js';
import type { Publication, PublicationStatus } from './publication.js';

/** What a save did; kept with the version it made. */
export type RevisionAction =
  | 'original'
  | 'create'
  | 'edit'
  | 'scan'
  | 'delete'
  | 'details'
  | 'publish'
  | 'unpublish'
  | 'trash'
  | 'untrash'
  | 'reorder'
  | 'revert'
  // A curator marked the poem's status (its proofreading).
  | 'proofread'
  | 'check'
  | 'as_scanned';

export type RevisionSubject = 'poem' | 'publication';

/** The curator who saves; null where the archive itself changed something (a scan). */
export interface Curator {
  id: number;
  username: string;
}

/** A poem as one version keeps it; `deleted` marks the version that deleted it. */
export interface PoemVersion {
  slug: string;
  title: string;
  body: string;
  notes: string;
  pageNumbers: number[];
  position: number;
  deleted: boolean;
  /** Its proofreading status; absent from versions saved before poems had one (they were As scanned). */
  status?: PoemStatus;
  /** Its own language; absent when it is its book's (and from versions saved before poems had one). */
  language?: string;
}

/** A publication as one version keeps it: its details, its lifecycle and its poems' order. */
export interface PublicationVersion {
  title: string;
  authors: string[];
  publisher: string;
  publicationDate: string;
  isbn: string;
  notes: string;
  /** Absent from versions saved before publications had a language. */
  language?: string;
  status: PublicationStatus;
  deletedAt: string | null;
  publishedAt: string | null;
  poems: Array<{ id: number; title: string }>;
}

export interface Revision<V = PoemVersion | PublicationVersion> {
  subject: RevisionSubject;
  subjectId: number;
  publicationId: number;
  revision: number;
  action: RevisionAction;
  snapshot: V;
  userId: number | null;
  username: string | null;
  /** The newer version this save was made on top of (its base was older); null otherwise. */
  overwrote: number | null;
  createdAt: Date;
}

export function poemVersion(poem: Poem, deleted = false): PoemVersion {
  return {
    slug: poem.slug,
    title: poem.title,
    body: poem.body,
    notes: poem.notes,
    pageNumbers: poem.pageNumbers,
    position: poem.position,
    deleted,
    status: poem.status,
    // Left out for the book's, so a version saved before poems had a language reads as the same.
    ...(poem.language ? { language: poem.language } : {}),
  };
}

export function publicationVersion(publication: Publication, poems: Poem[]): PublicationVersion {
  return {
    title: publication.title,
    authors: publication.authors,
    publisher: publication.publisher,
    publicationDate: publication.publicationDate,
    isbn: publication.isbn,
    notes: publication.notes,
    language: publication.language,
    status: publication.status,
    deletedAt: publication.deletedAt?.toISOString() ?? null,
    publishedAt: publication.publishedAt?.toISOString() ?? null,
    poems: poems.map((p) => ({ id: p.id, title: p.title })),
  };
}

/** JSON with keys in one order: stored versions come back from jsonb with their keys reordered. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Whether a save changes what a curator sees: a Save with nothing changed makes no version. A
 * poem's position is the book's order (the publication's versions keep it), not the poem's.
 */
export function sameVersion(a: PoemVersion | PublicationVersion, b: PoemVersion | PublicationVersion): boolean {
  const seen = (v: PoemVersion | PublicationVersion) => ('position' in v ? { ...v, position: undefined } : v);
  return canonical(seen(a)) === canonical(seen(b));
}

/**
 * The order a publication's poems take when a version is restored: the version's order for the
 * poems that still exist, then those added since, in their current order.
 */
export function restoredOrder(version: PublicationVersion, currentIds: number[]): number[] {
  const current = new Set(currentIds);
  const kept = version.poems.map((p) => p.id).filter((id) => current.has(id));
  const seen = new Set(kept);
  return [...kept, ...currentIds.filter((id) => !seen.has(id))];
}

/** The version a deleted poem is brought back to: the one before its deletion. */
export function restorableRevision(latest: Pick<Revision, 'revision' | 'action'>): number {
  return latest.action === 'delete' ? latest.revision - 1 : latest.revision;
}
