import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDelete, useNotify, useUpdate } from 'react-admin';
import type { Publication } from '../../../contracts/catalog.js';
import { serverField } from '../../../contracts/errors.js';
import { useUndoNotify, versionBefore } from '../history/use-undo-notify.js';

/** Re-reads every publication and poem query after a change (lists, counts, the open detail page). */
export function useRefreshCatalog() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ predicate: (q) => ['publications', 'poems'].includes(String(q.queryKey[0])) }),
    [queryClient],
  );
}

/**
 * The state changes of a publication, as the dashboard and the detail page make them (SPEC
 * sections 2, 4 and 8), each called after its confirm. Trash and restore also offer Undo in their
 * notification, which restores the version before them from the history.
 * `failureText` words a failure: the dashboard's toasts read the server's message, the detail
 * page says 'Error: ' and the server's error field. `successMs` is how long a success toast stays
 * (the dashboard's last 4 s, SPEC section 9; elsewhere a success's usual 2 s).
 */
export function usePublicationActions(failureText: (err: unknown, fallbackKey: string) => string, successMs?: number) {
  const notify = useNotify();
  const refresh = useRefreshCatalog();
  const [update] = useUpdate<Publication>();
  const [remove] = useDelete<Publication>();
  const notifySaved = useUndoNotify();
  const fail = useCallback(
    (fallbackKey: string) => (err: unknown) => notify(failureText(err, fallbackKey), { type: 'error' }),
    [notify, failureText],
  );

  return {
    togglePublish: (p: Publication) =>
      update(
        'publications',
        { id: p.id, data: { status: p.status === 'published' ? 'draft' : 'published' }, previousData: p, meta: { verb: 'toggle_publish' } },
        {
          mutationMode: 'pessimistic',
          returnPromise: true,
          onSuccess: (next) => {
            notify(next.status === 'published' ? 'archive.notify.published' : 'archive.notify.unpublished', {
              type: 'success',
              autoHideDuration: successMs,
            });
            void refresh();
          },
          onError: fail('archive.notify.toggle_failed'),
        },
      ).catch(() => undefined),

    /** To the trash; `after` runs once it is there, and `messageKey` says so (the detail page words it its own way). */
    moveToTrash: (p: Publication, after?: () => void, messageKey = 'archive.notify.moved_to_trash') =>
      remove(
        'publications',
        { id: p.id, previousData: p },
        {
          mutationMode: 'pessimistic',
          returnPromise: true,
          onSuccess: () => {
            notifySaved(messageKey, { kind: 'publication', id: p.id, revision: versionBefore(p) });
            after?.();
          },
          onError: fail('archive.notify.delete_failed'),
          onSettled: () => void refresh(),
        },
      ).catch(() => undefined),

    restore: (p: Publication) =>
      update(
        'publications',
        { id: p.id, data: { deleted_at: null }, previousData: p, meta: { verb: 'restore' } },
        {
          mutationMode: 'pessimistic',
          returnPromise: true,
          onSuccess: () => notifySaved('archive.notify.restored', { kind: 'publication', id: p.id, revision: versionBefore(p) }),
          onError: fail('archive.notify.restore_failed'),
          onSettled: () => void refresh(),
        },
      ).catch(() => undefined),

    permanentDelete: (p: Publication) =>
      remove(
        'publications',
        { id: p.id, previousData: p, meta: { verb: 'permanent_delete' } },
        {
          mutationMode: 'pessimistic',
          returnPromise: true,
          onSuccess: () => {
            notify('archive.notify.permanently_deleted', { type: 'success', autoHideDuration: successMs });
            void refresh();
          },
          onError: fail('archive.notify.permanent_delete_failed'),
        },
      ).catch(() => undefined),
  };
}

/** The dashboard's failure toasts: the server's message field, else the spec's text. */
export function useToastFailure() {
  return useCallback((err: unknown, fallbackKey: string) => serverField(err, 'message') ?? fallbackKey, []);
}
