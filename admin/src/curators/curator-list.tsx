import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import {
  CreateButton,
  DataTable,
  DateField,
  Form,
  List,
  PasswordInput,
  SaveButton,
  maxLength,
  minLength,
  required,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { serverField } from '../../../contracts/errors.js';
import { CURATOR_LIMITS as LIMITS, type Curator } from '../../../contracts/curators.js';
import { ConfirmButton } from '../layout/confirm-button.js';
import { usePageTitle } from '../layout/page-title.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';
import { ArchiveButton } from '../layout/archive-button.js';
import { scrollingDataTableSx } from '../layout/scrollable-table.js';

export const PASSWORD_RULES = [required(), minLength(LIMITS.passwordMin), maxLength(LIMITS.passwordMax)];

function errorText(error: unknown): string {
  return serverField(error, 'error') ?? String(error);
}

/** A new password for one curator, in a dialog of its own; their other sessions end (the server says so). */
function ResetPassword({ curator }: { curator: Curator }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ArchiveDataProvider>();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const save = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.resetPassword(curator.id, String(values.password));
      notify('archive.curators.reset_done', { type: 'success', messageArgs: { username: curator.username } });
      setOpen(false);
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    }
  };
  return (
    <>
      <ArchiveButton size="sm" variant="ghost" onClick={() => setOpen(true)}>
        {translate('archive.curators.reset')}
      </ArchiveButton>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <Form onSubmit={save} record={{ password: '' }}>
          <DialogTitle id={titleId}>{translate('archive.curators.reset_title', { username: curator.username })}</DialogTitle>
          <DialogContent>
            <PasswordInput
              source="password"
              resource="curators"
              validate={PASSWORD_RULES}
              helperText={translate('archive.curators.password_help', { min: LIMITS.passwordMin })}
              fullWidth
              autoComplete="new-password"
            />
          </DialogContent>
          <DialogActions>
            <ArchiveButton variant="ghost" onClick={() => setOpen(false)}>
              {translate('archive.curators.cancel')}
            </ArchiveButton>
            <SaveButton label="archive.curators.save" alwaysEnable />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}

/** Remove, after a confirm; never offered for the only curator (the server refuses it too). */
function RemoveCurator({ curator }: { curator: Curator }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ArchiveDataProvider>();
  const { total } = useListContext();
  if ((total ?? 0) <= 1) return null;
  const remove = async () => {
    try {
      await dataProvider.delete('curators', { id: curator.id, previousData: curator });
      notify('archive.curators.removed', { type: 'success', messageArgs: { username: curator.username } });
      if (curator.is_you) window.location.assign('/login');
      else refresh();
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    }
  };
  return (
    <ConfirmButton
      size="sm"
      variant="ghost"
      label={translate('archive.curators.remove')}
      aria-label={`${translate('archive.curators.remove')} ${curator.username}`}
      confirmTitle={translate('archive.curators.remove_title', { username: curator.username })}
      confirmContent="archive.curators.remove_confirm"
      onConfirm={remove}
    />
  );
}

function Actions() {
  const curator = useRecordContext<Curator>();
  if (!curator) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
      <ResetPassword curator={curator} />
      <RemoveCurator curator={curator} />
    </Box>
  );
}

function Name() {
  const translate = useTranslate();
  const curator = useRecordContext<Curator>();
  if (!curator) return null;
  return (
    <span>
      {curator.username}
      {curator.is_you && (
        <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
          {translate('archive.curators.you')}
        </Typography>
      )}
    </span>
  );
}

/**
 * The curators in react-admin's List: everyone who may sign in, with Add, Reset password and
 * Remove. A curator's history of edits stays when they are removed.
 */
export function CuratorList() {
  const translate = useTranslate();
  usePageTitle(translate('archive.curators.heading'));
  return (
    <Box>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 600 }}>
        {translate('archive.curators.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('archive.curators.intro')}
      </Typography>
      <List
        resource="curators"
        title={false}
        pagination={false}
        disableSyncWithLocation
        actions={<CreateButton label="archive.curators.add" />}
        sx={{ '& .RaList-main': { maxWidth: 800 } }}
      >
        <DataTable bulkActionButtons={false} rowClick={false} sx={scrollingDataTableSx}>
          <DataTable.Col source="username" label="archive.curators.username">
            <Name />
          </DataTable.Col>
          <DataTable.Col source="created_at" label="archive.curators.created_at">
            <DateField source="created_at" />
          </DataTable.Col>
          <DataTable.Col label="" align="right">
            <Actions />
          </DataTable.Col>
        </DataTable>
      </List>
    </Box>
  );
}
