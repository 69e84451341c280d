import DeleteIcon from '@mui/icons-material/Delete';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import PublishIcon from '@mui/icons-material/Publish';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import UnpublishedIcon from '@mui/icons-material/Unpublished';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useCallback, type ReactNode } from 'react';
import {
  BulkActionsToolbar,
  BulkDeleteWithConfirmButton,
  BulkUpdateWithConfirmButton,
  useDataProvider,
  useListContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { Publication } from '../../../contracts/catalog.js';
import { serverField } from '../../../contracts/errors.js';
import { useUndoNotify, versionBefore } from '../history/use-undo-notify.js';
import { ConfirmButton } from '../layout/confirm-button.js';
import { BulkActionError, type ArchiveDataProvider } from '../providers/data-provider.js';
import { useRefreshCatalog } from './use-publication-actions.js';

/**
 * A failed bulk action: how many of the selected publications could not be changed and the
 * server's first reason (else the spec's failure text). Those stay selected while in view, to try
 * again; the rest were changed, so the lists are read again.
 */
function useBulkFailure(fallbackKey: string) {
  const notify = useNotify();
  const translate = useTranslate();
  const refresh = useRefreshCatalog();
  const { selectedIds, onSelect } = useListContext();
  return useCallback(
    (err: unknown) => {
      const bulk = err instanceof BulkActionError ? err : null;
      const failed = bulk?.failedIds ?? selectedIds;
      const reason = serverField(bulk ? bulk.firstError : err, 'message') ?? translate(fallbackKey);
      notify('archive.notify.bulk_failed', {
        type: 'error',
        messageArgs: { failed: failed.length, total: bulk?.total ?? selectedIds.length, reason },
      });
      onSelect(failed);
      void refresh();
    },
    [notify, translate, refresh, selectedIds, onSelect, fallbackKey],
  );
}

/** After a bulk action the lists, counts and any open detail page are read again. */
function useSettled() {
  const refresh = useRefreshCatalog();
  return useCallback(() => void refresh(), [refresh]);
}

/** Publish or Unpublish: the spec's confirm, worded for as many as are selected, then at once (as a single toggle). */
function BulkStatusButton({ to }: { to: 'published' | 'draft' }) {
  const onSettled = useSettled();
  const onError = useBulkFailure('archive.notify.toggle_failed');
  const action = to === 'published' ? 'publish' : 'unpublish';
  return (
    <BulkUpdateWithConfirmButton
      label={`archive.action.${action}`}
      icon={to === 'published' ? <PublishIcon /> : <UnpublishedIcon />}
      data={{ status: to }}
      confirmTitle={`archive.confirm.${action}_title`}
      confirmContent={`archive.confirm.bulk_${action}`}
      successMessage={`archive.notify.bulk.${action}ed`}
      mutationOptions={{ meta: { verb: to === 'published' ? 'publish' : 'save_draft' }, onError, onSettled }}
    />
  );
}

/**
 * Move to Trash or Restore for every selected publication after a confirm worded for as many, like
 * a card's Delete and Restore; the notification's Undo restores each one's version before it from
 * the history. (react-admin's Bulk...WithUndoButton would hold the requests until its notification
 * closes, and lose them to a reload.)
 */
function BulkNowButton({ verb, icon }: { verb: 'trash' | 'restore'; icon: ReactNode }) {
  const translate = useTranslate();
  const dp = useDataProvider<ArchiveDataProvider>();
  const notifySaved = useUndoNotify();
  const refresh = useRefreshCatalog();
  const { data, selectedIds, onUnselectItems } = useListContext<Publication>();
  const failed = useBulkFailure(verb === 'trash' ? 'archive.notify.delete_failed' : 'archive.notify.restore_failed');
  const run = async () => {
    const chosen = (data ?? []).filter((p) => selectedIds.includes(p.id));
    const results = await Promise.allSettled(chosen.map((p) => (verb === 'trash' ? dp.moveToTrash(p.id) : dp.restore(p.id))));
    const done = chosen.filter((_, i) => results[i].status === 'fulfilled');
    const firstFailure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (firstFailure) {
      failed(
        new BulkActionError(
          chosen.filter((p) => !done.includes(p)).map((p) => p.id),
          chosen.length,
          firstFailure.reason,
        ),
      );
    } else {
      onUnselectItems(true);
      void refresh();
    }
    if (done.length) {
      const key = verb === 'trash' ? 'archive.notify.bulk.moved_to_trash' : 'archive.notify.bulk.restored';
      notifySaved(
        key,
        done.map((p) => ({ kind: 'publication' as const, id: p.id, revision: versionBefore(p) })),
        undefined,
        { smart_count: done.length },
      );
    }
  };
  return (
    <ConfirmButton
      size="sm"
      variant="ghost"
      color={verb === 'trash' ? 'error' : 'primary'}
      startIcon={icon}
      label={translate(verb === 'trash' ? 'archive.action.move_to_trash' : 'archive.action.restore')}
      confirmTitle={verb === 'trash' ? 'archive.confirm.trash_bulk_title' : 'archive.confirm.restore_title'}
      confirmContent={verb === 'trash' ? 'archive.confirm.trash' : 'archive.confirm.restore'}
      confirmArgs={{ smart_count: selectedIds.length }}
      onConfirm={run}
    />
  );
}

/** Outside the trash: Publish, Unpublish, and Move to Trash (each after its confirm; the trash with Undo, like a card's Delete). */
function ActiveBulkButtons() {
  return (
    <>
      <BulkStatusButton to="published" />
      <BulkStatusButton to="draft" />
      <BulkNowButton verb="trash" icon={<DeleteIcon />} />
    </>
  );
}

/** Restore (with Undo) and Delete Forever, each after its confirm worded for as many as are selected. */
function TrashBulkButtons() {
  const onSettled = useSettled();
  const deleteFailed = useBulkFailure('archive.notify.permanent_delete_failed');
  return (
    <>
      <BulkNowButton verb="restore" icon={<RestoreFromTrashIcon />} />
      <BulkDeleteWithConfirmButton
        label="archive.action.delete_forever"
        icon={<DeleteForeverIcon />}
        mutationMode="pessimistic"
        confirmTitle="archive.confirm.permanent_delete_title"
        confirmContent="archive.confirm.bulk_permanent_delete"
        confirmColor="warning"
        successMessage="archive.notify.bulk.permanently_deleted"
        mutationOptions={{ meta: { verb: 'permanent_delete' }, onError: deleteFailed, onSettled }}
      />
    </>
  );
}

/**
 * Above the cards: a checkbox for every publication on this page and, once any is selected,
 * react-admin's bulk actions toolbar (the count, Unselect, the actions). It sits in the flow
 * rather than over the filters, as it does above a table: the filters and the cards stay where
 * they were. Selecting across pages is left out: only cards in view are ever selected.
 */
export function PublicationSelectionBar({ shown, trash }: { shown: Publication[]; trash: boolean }) {
  const translate = useTranslate();
  const { selectedIds, onSelect } = useListContext<Publication>();
  const shownIds = shown.map((p) => p.id);
  const selectedHere = shownIds.filter((id) => selectedIds.includes(id)).length;
  const all = shownIds.length > 0 && selectedHere === shownIds.length;
  const selectPage = () => onSelect(all ? selectedIds.filter((id) => !shownIds.includes(id)) : [...new Set([...selectedIds, ...shownIds])]);
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        minHeight: 48,
        // Doubled class: above react-admin's own rule, which lifts the toolbar over the filters. Its
        // tinted background left the coloured action labels short of contrast; the page's is kept.
        '& .RaBulkActionsToolbar-toolbar.RaBulkActionsToolbar-toolbar': {
          position: 'static',
          transform: 'none',
          height: 'auto',
          minHeight: 48,
          flexWrap: 'wrap',
          gap: 1,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        },
      }}
    >
      <FormControlLabel
        control={<Checkbox checked={all} indeterminate={selectedHere > 0 && !all} onChange={selectPage} />}
        label={translate('archive.bulk.select_page')}
      />
      {selectedIds.length > 0 ? (
        <Box sx={{ flex: 1 }} role="region" aria-label={translate('archive.bulk.region')}>
          <BulkActionsToolbar label="archive.bulk.selected" selectAllButton={false}>
            {trash ? <TrashBulkButtons /> : <ActiveBulkButtons />}
          </BulkActionsToolbar>
        </Box>
      ) : null}
    </Box>
  );
}
