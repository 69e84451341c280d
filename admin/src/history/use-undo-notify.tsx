import Alert from '@mui/material/Alert';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useCloseNotification, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { OverwroteNewer } from '../../../contracts/catalog.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';
import { ArchiveButton } from '../layout/archive-button.js';

/** What Undo brings back: the version before the save, from the history. */
export interface UndoTarget {
  kind: 'poem' | 'publication';
  id: number;
  revision: number;
}

/**
 * The version a save replaced, for its Undo: the record's version when the form loaded it (a
 * record from before the history had none, and gets version 1 as the save keeps it).
 */
export const versionBefore = (record: { revision?: number }) => Math.max(record.revision ?? 0, 1);

function SavedNotice({ message, undo, warning }: { message: string; undo: () => Promise<void>; warning?: string }) {
  const translate = useTranslate();
  const close = useCloseNotification();
  return (
    <Alert
      severity={warning ? 'warning' : 'success'}
      variant="filled"
      role="status"
      action={
        <ArchiveButton
          size="sm"
          variant="ghost"
          color="inherit"
          onClick={() => {
            close();
            void undo();
          }}
        >
          {translate('archive.history.undo')}
        </ArchiveButton>
      }
    >
      {message}
      {warning ? <div>{warning}</div> : null}
    </Alert>
  );
}

/**
 * The notification of a save that reached the server, with Undo: saves are sent when Save is
 * pressed (nothing waits on the notification), and Undo restores the replaced version through the
 * history, so it works however long the curator waits, and a reload loses nothing. Hand-written
 * because react-admin's own Undo only delays a request, which is what lost edits before.
 */
export function useUndoNotify() {
  const notify = useNotify();
  const translate = useTranslate();
  const dp = useDataProvider<ArchiveDataProvider>();
  const queryClient = useQueryClient();
  // The catalog's queries read again (as useRefreshCatalog does; that module uses this one).
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ predicate: (q) => ['publications', 'poems', 'history'].includes(String(q.queryKey[0])) }),
    [queryClient],
  );
  return useCallback(
    (messageKey: string, targets: UndoTarget | UndoTarget[], saved?: OverwroteNewer, messageArgs?: Record<string, unknown>) => {
      const undo = async () => {
        try {
          for (const target of Array.isArray(targets) ? targets : [targets]) {
            if (target.kind === 'poem') await dp.restorePoemRevision(target.id, target.revision);
            else await dp.restorePublicationRevision(target.id, target.revision);
          }
          notify('archive.history.undone', { type: 'info' });
        } catch {
          notify('archive.history.undo_failed', { type: 'error' });
        } finally {
          void refresh();
        }
      };
      const over = saved?.overwrote;
      const warning = over
        ? translate('archive.history.overwrote', {
            name: over.username ?? translate('archive.history.by_archive'),
            revision: over.revision,
          })
        : undefined;
      // A warning stays until closed: the curator should see that another version was overwritten.
      notify(<SavedNotice message={translate(messageKey, messageArgs)} undo={undo} warning={warning} />, {
        autoHideDuration: over ? null : undefined,
      });
    },
    [notify, translate, dp, refresh],
  );
}
