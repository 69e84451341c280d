/**
 * Revision history of poems and publications: GET /api/poems/{id}/history (and /{revision}),
 * GET /api/publications/{id}/history (and /{revision}), POST …/history/{revision}/restore.
 */

import type { PoemStatus } from './catalog.js';

/** What a save did: edits and details, the lifecycle, the order, a restored version. */
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
  // A curator marked the poem Proofread, Checked or As scanned (its snapshot's status says which).
  | 'proofread'
  | 'check'
  | 'as_scanned';

/** A poem as one version kept it. `deleted`: this version is the poem's deletion. */
export interface PoemSnapshot {
  title: string;
  body: string;
  notes: string;
  page_numbers: number[];
  position: number;
  deleted: boolean;
  /** Its proofreading status; absent from versions saved before poems had one. */
  status?: PoemStatus;
  /** Its own language (BCP 47); absent when it was its book's. */
  language?: string;
}

/** A publication as one version kept it, its poems in reading order. */
export interface PublicationSnapshot {
  title: string;
  authors: string[];
  publisher: string;
  publication_date: string;
  isbn: string;
  notes: string;
  /** BCP 47; absent from versions saved before publications had a language. */
  language?: string;
  status: 'draft' | 'published';
  deleted_at: string | null;
  published_at: string | null;
  poems: Array<{ id: number; title: string }>;
}

/** One version in a history list. */
export interface RevisionSummary {
  revision: number;
  action: RevisionAction;
  /** The curator who saved it; null for what the archive did itself (a scan, the first version). */
  user_id: number | null;
  username: string | null;
  created_at: string;
  /** Set when the save was made on an older version: the newer version it overwrote. */
  overwrote: number | null;
  /** The title the version had, to tell versions apart in the list. */
  title: string;
}

export interface RevisionDetail<S> extends RevisionSummary {
  snapshot: S;
}

export type PoemRevision = RevisionDetail<PoemSnapshot>;
export type PublicationRevision = RevisionDetail<PublicationSnapshot>;

/** A poem of the book that was deleted, to bring back from its history. */
export interface DeletedPoem {
  id: number;
  title: string;
  /** Its last version before the deletion: restore that one. */
  restorable_revision: number;
  deleted_at: string;
  username: string | null;
}

export interface PoemHistory {
  id: number;
  publication_id: number;
  /** The live poem's version; null when the poem is deleted. */
  current: number | null;
  revisions: PoemRevision[];
}

export interface PublicationHistory {
  id: number;
  current: number;
  revisions: PublicationRevision[];
  deleted_poems: DeletedPoem[];
}

/** POST …/history/{revision}/restore: the version made by restoring, and the poem or publication. */
export interface RestoreAnswer<T> {
  restored_from: number;
  revision: number;
  record: T;
}
