import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ReferenceManyField, useDelete, useListContext, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { MAX_POEM_IDS, POEM_STATUSES, type Poem, type PoemStatus, type Publication } from '../../../contracts/catalog.js';
import { POEM_PREVIEW_LINES } from '../constants.js';
import { IMPORT_ROUTE } from '../book-import/book-import-panel.js';
import { useUndoNotify, versionBefore } from '../history/use-undo-notify.js';
import { ConfirmButton } from '../layout/confirm-button.js';
import { useRefreshCatalog } from '../publications/use-publication-actions.js';
import { POEM_TEXT_STYLE } from './poem-text.js';
import { moved, useReorderPoems } from './use-reorder-poems.js';
import { PoemStatusChip, statusOf } from './poem-status.js';
import { ArchiveButton } from '../layout/archive-button.js';

export function previewLines(body: string, lines = POEM_PREVIEW_LINES): string {
  return body.split('\n').slice(0, lines).join('\n');
}

/**
 * New Poem: type one in, scan page photographs in the wizard (SPEC: the same wizard, tied to this
 * book), or import a whole book (any number of photos and PDFs, read on the server).
 */
function NewPoemMenu() {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <ArchiveButton
        variant="primary"
        startIcon={<AddIcon />}
        // Beside the status filter its label stays on one line: the row's width is reckoned from the
        // select's narrowest, and the button (MUI's minWidth 64) was the one squeezed to "New / Poem".
        sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'new-poem-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {translate('archive.detail.new_poem')}
      </ArchiveButton>
      <Menu id="new-poem-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem component={Link} to="poems/create" onClick={() => setAnchor(null)}>
          {translate('archive.detail.type_poem')}
        </MenuItem>
        <MenuItem component={Link} to="scan" onClick={() => setAnchor(null)}>
          {translate('archive.detail.scan_pages')}
        </MenuItem>
        <MenuItem component={Link} to={IMPORT_ROUTE} onClick={() => setAnchor(null)}>
          {translate('archive.detail.import_book')}
        </MenuItem>
      </Menu>
    </>
  );
}

function PoemCard({
  poem,
  index,
  count,
  onMove,
  canMove,
  failureText,
}: {
  poem: Poem;
  index: number;
  count: number;
  onMove: (index: number, by: -1 | 1) => void;
  /** Off while the list shows one status only: the order is the whole book's. */
  canMove: boolean;
  failureText: (err: unknown, key: string) => string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshCatalog();
  const [remove] = useDelete<Poem>();
  const count_ = (key: string, n: number) => translate(key, { smart_count: n, count: n.toLocaleString('en-US') });
  const notifySaved = useUndoNotify();
  // Sent once confirmed; Undo brings the poem back from its history (so does the book's History later).
  const deletePoem = () =>
    remove(
      'poems',
      { id: poem.id, previousData: poem },
      {
        mutationMode: 'pessimistic',
        returnPromise: true,
        onSuccess: () => notifySaved('archive.notify.poem_deleted', { kind: 'poem', id: poem.id, revision: versionBefore(poem) }),
        onError: (err) => notify(failureText(err, 'archive.notify.delete_poem_failed'), { type: 'error' }),
        onSettled: () => void refresh(),
      },
    ).catch(() => undefined);
  return (
    <Card component="article" variant="outlined" aria-label={poem.title} data-poem-id={poem.id}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            <bdi>{poem.title}</bdi>
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {translate('archive.detail.poem_stats', {
              lines: count_('archive.dashboard.lines', poem.line_count),
              words: count_('archive.dashboard.words', poem.word_count),
            })}
          </Typography>
        </Stack>
        <Box sx={{ mt: 0.5 }}>
          <PoemStatusChip status={statusOf(poem)} />
        </Box>
        <Box
          component="pre"
          sx={{ ...POEM_TEXT_STYLE, bgcolor: 'grey.50', p: 1, borderRadius: 1, my: 1, fontSize: '0.85rem', overflow: 'hidden' }}
        >
          {previewLines(poem.body)}
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <IconButton
          size="small"
          data-move="up"
          aria-label={translate('archive.action.move_up', { title: poem.title })}
          disabled={!canMove || index === 0}
          onClick={() => onMove(index, -1)}
        >
          <ArrowUpwardIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          data-move="down"
          aria-label={translate('archive.action.move_down', { title: poem.title })}
          disabled={!canMove || index === count - 1}
          onClick={() => onMove(index, 1)}
        >
          <ArrowDownwardIcon fontSize="small" />
        </IconButton>
        <ArchiveButton size="sm" variant="outline" component={Link} to={`poems/${poem.id}`}>
          {translate('archive.action.edit')}
        </ArchiveButton>
        <ArchiveButton
          size="sm"
          variant="outline"
          component={Link}
          to={`poems/${poem.id}/history`}
          aria-label={`${translate('archive.history.open')}: ${poem.title}`}
        >
          {translate('archive.history.open')}
        </ArchiveButton>
        <ConfirmButton
          size="sm"
          variant="outline"
          color="error"
          label={translate('archive.action.delete')}
          confirmTitle={translate('archive.safe_edit.confirm_delete_poem_title', { title: poem.title })}
          confirmContent="archive.safe_edit.confirm_delete_poem"
          onConfirm={deletePoem}
        />
      </CardActions>
    </Card>
  );
}

/** The poems in book order (the order the reader follows), with up/down to change it. */
function PoemCards({ publication, failureText }: { publication: Publication; failureText: (err: unknown, key: string) => string }) {
  const translate = useTranslate();
  const { data, isPending } = useListContext<Poem>();
  const reorder = useReorderPoems(publication.id);
  const [announcement, setAnnouncement] = useState('');
  const [shownStatus, setShownStatus] = useState<PoemStatus | ''>('');
  // Sorted here too, so an order shown before the server answers is the order on screen.
  const poems = [...(data ?? [])].sort((a, b) => a.position - b.position || a.id - b.id);
  const shown = shownStatus ? poems.filter((p) => statusOf(p) === shownStatus) : poems;

  const move = (index: number, by: -1 | 1) => {
    const ids = moved(
      poems.map((p) => p.id),
      index,
      by,
    );
    const poem = poems[index];
    reorder.mutate(ids);
    setAnnouncement(translate('archive.detail.position', { position: index + by + 1, count: poems.length }));
    // Keep the keyboard on the arrow just used, now on the poem's new card.
    requestAnimationFrame(() => {
      const button = document.querySelector<HTMLButtonElement>(`[data-poem-id="${poem.id}"] [data-move="${by < 0 ? 'up' : 'down'}"]`);
      (button && !button.disabled
        ? button
        : document.querySelector<HTMLButtonElement>(`[data-poem-id="${poem.id}"] [data-move]:not(:disabled)`)
      )?.focus();
    });
  };

  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, flexWrap: 'wrap', gap: 2 }}>
        <Typography id="poems-heading" component="h2" variant="h5" sx={{ fontWeight: 600 }}>
          {translate('archive.detail.poems', { count: isPending ? publication.poem_count : poems.length })}
        </Typography>
        <Stack direction="row" useFlexGap spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={translate('archive.proofreading.filter_label')}
            value={shownStatus}
            onChange={(e) => setShownStatus(e.target.value as PoemStatus | '')}
            // A set width: MUI's select draws wider than the width it reports to a flex row, which
            // then wrapped New Poem under it on a wide screen.
            sx={{ width: 200 }}
            // "All statuses" shown as the value, not an empty box under the label.
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{translate('archive.proofreading.filter_all')}</MenuItem>
            {POEM_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {translate(`archive.proofreading.statuses.${status}`)}
              </MenuItem>
            ))}
          </TextField>
          <NewPoemMenu />
        </Stack>
      </Stack>
      {shownStatus && poems.length > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {shown.length === 0
            ? translate('archive.proofreading.none_with_status', {
                status: translate(`archive.proofreading.statuses.${shownStatus}`).toLowerCase(),
              })
            : translate('archive.proofreading.reorder_filtered')}
        </Typography>
      ) : null}
      <Box role="status" aria-live="polite" className="sr-only">
        {announcement}
      </Box>
      {!isPending && poems.length === 0 ? (
        <Typography color="text.secondary">{translate('archive.detail.no_poems')}</Typography>
      ) : (
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(300px, 100%), 1fr))',
          }}
        >
          {shown.map((poem) => {
            const i = poems.indexOf(poem);
            return (
              <li key={poem.id}>
                <PoemCard poem={poem} index={i} count={poems.length} onMove={move} canMove={!shownStatus} failureText={failureText} />
              </li>
            );
          })}
        </Box>
      )}
    </>
  );
}

/** The poems of the publication on its detail page: react-admin's reference list of the nested poems resource. */
export function PublicationPoems({
  publication,
  failureText,
}: {
  publication: Publication;
  failureText: (err: unknown, key: string) => string;
}) {
  return (
    <ReferenceManyField
      reference="poems"
      target="publication_id"
      record={publication}
      sort={{ field: 'position', order: 'ASC' }}
      perPage={MAX_POEM_IDS}
      pagination={false}
    >
      <PoemCards publication={publication} failureText={failureText} />
    </ReferenceManyField>
  );
}
