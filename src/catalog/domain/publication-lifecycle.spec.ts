import { describe, expect, it } from 'vitest';
import { CatalogError } from './catalog.errors.js';
import {
  assertPermanentlyDeletable,
  changeStatus,
  moveToTrash,
  restoreFromTrash,
  toggledStatus,
  type LifecycleState,
} from './publication-lifecycle.js';

const draft: LifecycleState = { status: 'draft', deletedAt: null, publishedAt: null };
const T1 = new Date('2026-01-01T00:00:00.000Z');
const T2 = new Date('2026-02-01T00:00:00.000Z');

describe('publication lifecycle', () => {
  it('publishing sets publishedAt the first time only', () => {
    const published = changeStatus(draft, 'published', T1);
    expect(published).toEqual({ status: 'published', deletedAt: null, publishedAt: T1 });
    const again = changeStatus(changeStatus(published, 'draft', T2), 'published', T2);
    expect(again.publishedAt).toBe(T1);
  });

  it('toggles between draft and published', () => {
    expect(toggledStatus('draft')).toBe('published');
    expect(toggledStatus('published')).toBe('draft');
  });

  it('refuses status changes in trash', () => {
    const trashed = moveToTrash(draft, T1);
    expect(() => changeStatus(trashed, 'published', T2)).toThrow(CatalogError);
  });

  it('moves to trash once, keeping the first deletion time', () => {
    const trashed = moveToTrash(draft, T1);
    expect(trashed.deletedAt).toBe(T1);
    expect(moveToTrash(trashed, T2).deletedAt).toBe(T1);
  });

  it('restores only what is in trash', () => {
    expect(restoreFromTrash(moveToTrash(draft, T1)).deletedAt).toBeNull();
    expect(() => restoreFromTrash(draft)).toThrow(expect.objectContaining({ code: 'CATALOG.NOT_IN_TRASH' }));
  });

  it('deletes permanently only from trash', () => {
    expect(() => assertPermanentlyDeletable(draft)).toThrow(expect.objectContaining({ code: 'CATALOG.NOT_IN_TRASH' }));
    expect(() => assertPermanentlyDeletable(moveToTrash(draft, T1))).not.toThrow();
  });
});
