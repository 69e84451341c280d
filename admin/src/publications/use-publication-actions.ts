import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import { DASHBOARD_TOAST_DURATION_MS } from '../constants.js';
import { useToast } from '../layout/toaster.js';
import { MSG } from '../messages.js';
import { serverMessageField } from '../providers/api-error.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';
import type { Publication } from '../providers/types.js';

export function useArchiveDataProvider(): ArchiveDataProvider {
  return useDataProvider<ArchiveDataProvider>();
}

/** Re-reads every publications and poems query after a change. */
export function useRefreshCatalog() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ predicate: (q) => ['publications', 'poems'].includes(String(q.queryKey[0])) }), [queryClient]);
}

/** The dashboard's card actions with their confirms and toasts (SPEC sections 2, 4 and 8). */
export function usePublicationActions() {
  const dp = useArchiveDataProvider();
  const toast = useToast();
  const refresh = useRefreshCatalog();
  const duration = { duration: DASHBOARD_TOAST_DURATION_MS };

  const run = useCallback(
    async (confirmText: string, action: () => Promise<unknown>, success: string | ((r: unknown) => string), failure: string) => {
      if (!window.confirm(confirmText)) return false;
      try {
        const result = await action();
        toast.success(typeof success === 'function' ? success(result) : success, duration);
        return true;
      } catch (err) {
        toast.error(serverMessageField(err) ?? failure, duration);
        return false;
      } finally {
        await refresh();
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dp, toast, refresh],
  );

  return {
    toggle: (p: Publication) =>
      run(
        MSG.confirm.toggle(p.status !== 'published'),
        () => dp.togglePublish(p.id),
        (r) => ((r as { status?: string })?.status ?? (p.status === 'published' ? 'draft' : 'published')) === 'published' ? MSG.toasts.published : MSG.toasts.unpublished,
        MSG.toasts.toggleFailed,
      ),
    moveToTrash: (p: Publication) => run(MSG.confirm.moveToTrash, () => dp.delete('publications', { id: p.id, previousData: p }), MSG.toasts.movedToTrash, MSG.toasts.deleteFailed),
    restore: (p: Publication) => run(MSG.confirm.restore, () => dp.restore(p.id), MSG.toasts.restored, MSG.toasts.restoreFailed),
    permanentDelete: (p: Publication) =>
      run(MSG.confirm.permanentDelete, () => dp.permanentDelete(p.id), MSG.toasts.permanentlyDeleted, MSG.toasts.permanentDeleteFailed),
  };
}
