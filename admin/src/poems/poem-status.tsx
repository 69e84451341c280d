import CheckIcon from '@mui/icons-material/Check';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useFormState } from 'react-hook-form';
import { useDataProvider, useEditContext, useGetIdentity, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { Poem, PoemStatus } from '../../../contracts/catalog.js';
import { formatShortDate } from '../../../contracts/format.js';
import { serverText } from '../../../contracts/errors.js';
import { ArchiveButton } from '../layout/archive-button.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';
import { useRefreshCatalog } from '../publications/use-publication-actions.js';

/** Each status has its own icon and word, so it is never told by colour alone. */
const LOOK = {
  as_scanned: { icon: <RadioButtonUncheckedIcon />, color: 'default' },
  proofread: { icon: <CheckIcon />, color: 'primary' },
  checked: { icon: <DoneAllIcon />, color: 'success' },
} as const;

export const statusOf = (poem: Pick<Poem, 'status'>): PoemStatus => poem.status ?? 'as_scanned';

/** As scanned, Proofread or Checked, on a poem's card and in Edit Poem. */
export function PoemStatusChip({ status }: { status: PoemStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      data-poem-status={status}
      icon={LOOK[status].icon}
      color={LOOK[status].color}
      label={
        <>
          <span className="sr-only">{translate('archive.proofreading.status_prefix')} </span>
          {translate(`archive.proofreading.statuses.${status}`)}
        </>
      }
      sx={{ fontWeight: 600 }}
    />
  );
}

/**
 * Edit Poem's status row: the status, who proofread it and when, and Mark proofread / Mark checked.
 * Checked is a second curator's, so the one who proofread the poem is told so instead of offered
 * it (the server refuses it too). A form with unsaved changes is saved first: a mark is for the
 * text as saved.
 */
export function PoemStatusActions() {
  const translate = useTranslate();
  const notify = useNotify();
  const dp = useDataProvider<ArchiveDataProvider>();
  const refreshCatalog = useRefreshCatalog();
  const { refetch } = useEditContext<Poem>();
  const poem = useRecordContext<Poem>();
  const { identity } = useGetIdentity();
  const { isDirty } = useFormState();
  const [busy, setBusy] = useState(false);
  if (!poem) return null;
  const status = statusOf(poem);
  const mine = !!identity && poem.proofread_by === identity.id;

  const mark = async (to: PoemStatus) => {
    setBusy(true);
    try {
      await dp.setPoemStatus(poem.id, to);
      await refetch();
      void refreshCatalog();
      notify('archive.proofreading.marked', {
        type: 'success',
        messageArgs: { status: translate(`archive.proofreading.statuses.${to}`).toLowerCase() },
      });
    } catch (err) {
      notify('archive.proofreading.mark_failed', {
        type: 'error',
        messageArgs: { error: serverText(err) ?? (err as Error).message },
      });
    } finally {
      setBusy(false);
    }
  };

  const hint = isDirty
    ? 'archive.proofreading.save_first'
    : status === 'proofread' && mine
      ? 'archive.proofreading.own_proofreading'
      : status === 'as_scanned'
        ? 'archive.proofreading.not_proofread'
        : status === 'checked'
          ? 'archive.proofreading.checked_edit'
          : null;
  return (
    <Stack component="section" aria-label={translate('archive.proofreading.heading')} spacing={1} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <PoemStatusChip status={status} />
        {poem.proofread_by && status !== 'as_scanned' ? (
          <Typography variant="body2" color="text.secondary">
            {translate('archive.proofreading.proofread_by', {
              name: poem.proofread_by,
              date: poem.proofread_at ? formatShortDate(poem.proofread_at) : '',
            })}
          </Typography>
        ) : null}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <ArchiveButton
          size="sm"
          variant="outline"
          startIcon={<CheckIcon />}
          disabled={busy || isDirty || status === 'proofread'}
          aria-describedby={hint ? 'poem-status-hint' : undefined}
          onClick={() => void mark('proofread')}
        >
          {translate('archive.proofreading.mark_proofread')}
        </ArchiveButton>
        <ArchiveButton
          size="sm"
          variant="outline"
          startIcon={<DoneAllIcon />}
          disabled={busy || isDirty || status !== 'proofread' || mine}
          aria-describedby={hint ? 'poem-status-hint' : undefined}
          onClick={() => void mark('checked')}
        >
          {translate('archive.proofreading.mark_checked')}
        </ArchiveButton>
      </Stack>
      {hint ? (
        <Typography id="poem-status-hint" variant="body2" color="text.secondary">
          {translate(hint)}
        </Typography>
      ) : null}
    </Stack>
  );
}
