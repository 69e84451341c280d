import { CatalogError } from './catalog.errors.js';
import type { PublicationStatus } from './publication.js';

/** The part of a publication its lifecycle rules look at. */
export interface LifecycleState {
  status: PublicationStatus;
  deletedAt: Date | null;
  publishedAt: Date | null;
}

/**
 * Status changes (publish, save draft, toggle) apply to active publications only: a publication in
 * trash must be restored first, so nothing in trash can quietly reappear on the public site.
 */
export function changeStatus(state: LifecycleState, to: PublicationStatus, now: Date): LifecycleState {
  if (state.deletedAt) throw CatalogError.inTrash();
  return { ...state, status: to, publishedAt: to === 'published' ? (state.publishedAt ?? now) : state.publishedAt };
}

export function toggledStatus(status: PublicationStatus): PublicationStatus {
  return status === 'published' ? 'draft' : 'published';
}

export function moveToTrash(state: LifecycleState, now: Date): LifecycleState {
  return state.deletedAt ? state : { ...state, deletedAt: now };
}

export function restoreFromTrash(state: LifecycleState): LifecycleState {
  if (!state.deletedAt) throw new CatalogError('CATALOG.NOT_IN_TRASH', 'Publication is not in trash');
  return { ...state, deletedAt: null };
}

/** Permanent deletion is irreversible, so it is allowed only for what is already in trash. */
export function assertPermanentlyDeletable(state: LifecycleState): void {
  if (!state.deletedAt) {
    throw new CatalogError('CATALOG.NOT_IN_TRASH', 'Only publications in trash can be permanently deleted; move it to trash first');
  }
}
