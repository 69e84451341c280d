import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { RevisionDetail } from '../../../contracts/history.js';
import { ConfirmButton } from '../layout/confirm-button.js';
import { usePageTitle } from '../layout/page-title.js';
import { WordDiff } from './word-diff.js';
import { ArchiveButton } from '../layout/archive-button.js';
import { scrollingBoxSx } from '../layout/scrollable-table.js';

/** One field of a version as text, to compare word by word. */
export interface VersionField {
  key: string;
  text: string;
}

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A poem's or a book's history: its versions with who saved each and when, a word-level
 * comparison of any two, and Restore (which makes a new version, so nothing is lost).
 */
export function HistoryView<S>({
  heading,
  back,
  revisions,
  current,
  fieldsOf,
  restorable,
  onRestore,
  children,
}: {
  heading: string;
  back: string;
  revisions: Array<RevisionDetail<S>>;
  current: number | null;
  fieldsOf: (snapshot: S) => VersionField[];
  restorable: (revision: RevisionDetail<S>) => boolean;
  onRestore: (revision: number) => Promise<unknown>;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  usePageTitle(heading);
  const last = revisions.at(-1)?.revision ?? 1;
  const [to, setTo] = useState<number | null>(null);
  const [from, setFrom] = useState<number | null>(null);
  const toRevision = to ?? last;
  const fromRevision = from ?? revisions.at(-2)?.revision ?? last;
  const older = revisions.find((r) => r.revision === fromRevision);
  const newer = revisions.find((r) => r.revision === toRevision);
  const who = (r: RevisionDetail<S>) =>
    r.username ? translate('archive.history.by', { name: r.username }) : translate('archive.history.by_archive');
  const changed =
    older && newer
      ? fieldsOf(newer.snapshot)
          .map((field) => ({ ...field, before: fieldsOf(older.snapshot).find((f) => f.key === field.key)?.text ?? '' }))
          .filter((f) => f.before !== f.text)
      : [];
  const choose = (label: string, value: number, set: (n: number) => void, labelKey: string) => (
    <TextField select size="small" label={label} value={value} onChange={(e) => set(Number(e.target.value))} sx={{ minWidth: 180 }}>
      {revisions.map((r) => (
        <MenuItem key={r.revision} value={r.revision} aria-label={translate(labelKey, { revision: r.revision })}>
          {translate('archive.history.version', { revision: r.revision })} · {translate(`archive.history.actions.${r.action}`)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <>
      <ArchiveButton variant="ghost" component={Link} to={back} startIcon={<ArrowBackIcon />} sx={{ mb: 2 }}>
        {translate('archive.history.back_to_book')}
      </ArchiveButton>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 600, mb: 2 }}>
        <bdi>{heading}</bdi>
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, mb: 3 }} component="section" aria-labelledby="versions-heading">
        <Typography id="versions-heading" component="h2" variant="h5" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('archive.history.versions')}
        </Typography>
        <TableContainer sx={scrollingBoxSx}>
          <Table size="small" aria-labelledby="versions-heading">
            <TableHead>
              <TableRow>
                <TableCell>{translate('archive.history.version_heading')}</TableCell>
                <TableCell>{translate('archive.history.fields.title')}</TableCell>
                <TableCell>{translate('archive.history.saved')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {[...revisions].reverse().map((r) => (
                <TableRow key={r.revision} data-revision={r.revision}>
                  <TableCell>
                    {r.revision}
                    {r.revision === current ? ` (${translate('archive.history.current')})` : ''}
                  </TableCell>
                  <TableCell>
                    <bdi>{r.title}</bdi>
                  </TableCell>
                  <TableCell>
                    {translate(`archive.history.actions.${r.action}`)} {who(r)}, <time dateTime={r.created_at}>{when(r.created_at)}</time>
                  </TableCell>
                  <TableCell align="right">
                    {r.revision !== current && restorable(r) ? (
                      <ConfirmButton
                        size="sm"
                        variant="outline"
                        label={translate('archive.history.restore')}
                        aria-label={translate('archive.history.restore_version', { revision: r.revision })}
                        confirmTitle={translate('archive.history.restore_title', { revision: r.revision })}
                        confirmContent="archive.history.restore_content"
                        onConfirm={() => onRestore(r.revision)}
                      />
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <Paper variant="outlined" sx={{ p: 3, mb: 3 }} component="section" aria-labelledby="compare-heading">
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          {choose(translate('archive.history.compare_from'), fromRevision, setFrom, 'archive.history.compare_from_version')}
          {choose(translate('archive.history.compare_to'), toRevision, setTo, 'archive.history.compare_to_version')}
        </Stack>
        <Typography id="compare-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
          {translate('archive.history.comparison', { from: fromRevision, to: toRevision })}
        </Typography>
        {changed.length === 0 ? (
          <Typography color="text.secondary">{translate('archive.history.no_changes')}</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2 }}>
            {changed.map((f) => (
              <Box key={f.key}>
                <Typography component="h3" variant="subtitle2">
                  {translate(`archive.history.fields.${f.key}`)}
                </Typography>
                <WordDiff before={f.before} after={f.text} label={translate(`archive.history.fields.${f.key}`)} />
              </Box>
            ))}
          </Box>
        )}
      </Paper>
      {children}
    </>
  );
}
