import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Publication } from '../../../contracts/catalog.js';
import { authorsText, formatShortDate, refOf } from '../../../contracts/format.js';
import { DASHBOARD_CARD_STAGGER_S } from '../constants.js';
import { ConfirmButton } from '../layout/confirm-button.js';
import { poetName } from '../layout/poet-name.js';
import { StatusBadge } from './status-badge.js';
import type { usePublicationActions } from './use-publication-actions.js';
import { ArchiveButton } from '../layout/archive-button.js';

/** The detail page's path: the slug when there is one (SPEC section 2). */
export const detailPath = (p: Pick<Publication, 'id' | 'slug'>) => `/admin/publication/${encodeURIComponent(refOf(p))}`;
export const publicPath = (p: Pick<Publication, 'id' | 'slug'>) => `/publication/${encodeURIComponent(refOf(p))}`;

/** Which date a card shows (SPEC section 2): when the book was archived (added), or in the trash when it was deleted. */
export function cardDate(p: Publication): { key: string; date: string } {
  if (p.deleted_at) return { key: 'archive.dashboard.deleted', date: formatShortDate(p.deleted_at) };
  return { key: 'archive.dashboard.archived', date: formatShortDate(p.created_at) };
}

/** "12 poems • 340 lines • 1,902 words", each count in its own span. */
export function PublicationStats({ publication: p }: { publication: Pick<Publication, 'poem_count' | 'total_lines' | 'total_words'> }) {
  const translate = useTranslate();
  const count = (key: string, n: number) => translate(key, { smart_count: n, count: n.toLocaleString('en-US') });
  return (
    <Typography variant="body2">
      <span>{count('archive.dashboard.poems', p.poem_count)}</span> • <span>{count('archive.dashboard.lines', p.total_lines)}</span> •{' '}
      <span>{count('archive.dashboard.words', p.total_words)}</span>
    </Typography>
  );
}

/** A book's proofreading: "48 of 120 proofread, 10 checked" (Checked counts as proofread too). */
export function ProofreadingProgress({
  publication: p,
}: {
  publication: Pick<Publication, 'poem_count' | 'proofread_count' | 'checked_count'>;
}) {
  const translate = useTranslate();
  const n = (value: number) => value.toLocaleString('en-US');
  return (
    <Typography variant="body2" color="text.secondary" data-proofreading-progress>
      {translate('archive.proofreading.progress', {
        proofread: n(p.proofread_count),
        count: n(p.poem_count),
        checked: n(p.checked_count),
      })}
    </Typography>
  );
}

export function PublicationCard({
  publication: p,
  index,
  actions,
  selected,
  onToggleSelected,
}: {
  publication: Publication;
  index: number;
  actions: ReturnType<typeof usePublicationActions>;
  /** Chosen for a bulk action. */
  selected: boolean;
  onToggleSelected: () => void;
}) {
  const translate = useTranslate();
  const published = p.status === 'published';
  const { key, date } = cardDate(p);
  return (
    <Card
      component="article"
      aria-label={p.title}
      variant="outlined"
      className="publication-card"
      style={{ animationDelay: `${index * DASHBOARD_CARD_STAGGER_S}s` }}
      sx={selected ? { borderColor: 'primary.main', boxShadow: (theme) => `inset 0 0 0 1px ${theme.palette.primary.main}` } : undefined}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start', mb: 1 }}>
          <Stack direction="row" sx={{ alignItems: 'flex-start', minWidth: 0 }}>
            <Checkbox
              size="small"
              checked={selected}
              onChange={onToggleSelected}
              sx={{ ml: -1, mt: -0.5 }}
              slotProps={{ input: { 'aria-label': translate('archive.bulk.select', { title: p.title }) } }}
            />
            <Typography component="h2" variant="h6" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
              <bdi>{p.title}</bdi>
            </Typography>
          </Stack>
          <StatusBadge publication={p} />
        </Stack>
        <Typography>{authorsText(p.authors, poetName())}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(key, { date })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {p.publication_date || translate('archive.dashboard.date_not_set')}
        </Typography>
        <PublicationStats publication={p} />
        <ProofreadingProgress publication={p} />
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        {p.deleted_at ? (
          <>
            <ConfirmButton
              size="sm"
              variant="success"
              label={translate('archive.action.restore')}
              confirmTitle="archive.confirm.restore_title"
              confirmContent="archive.confirm.restore"
              confirmArgs={{ smart_count: 1 }}
              onConfirm={() => actions.restore(p)}
            />
            <ConfirmButton
              size="sm"
              variant="danger"
              label={translate('archive.action.delete_forever')}
              confirmTitle="archive.confirm.permanent_delete_title"
              confirmContent="archive.confirm.permanent_delete"
              onConfirm={() => actions.permanentDelete(p)}
            />
          </>
        ) : (
          <>
            <ArchiveButton size="sm" variant="primary" component={Link} to={detailPath(p)}>
              {translate('archive.action.manage')}
            </ArchiveButton>
            {published ? (
              <ArchiveButton size="sm" variant="outline" href={publicPath(p)} target="_blank" rel="noopener noreferrer">
                {translate('archive.action.view')}
              </ArchiveButton>
            ) : null}
            <PublishToggleButton publication={p} onToggle={actions.togglePublish} size="sm" />
            <ConfirmButton
              size="sm"
              variant="outline"
              color="error"
              label={translate('archive.action.delete')}
              confirmTitle="archive.confirm.trash_title"
              confirmContent="archive.confirm.trash"
              confirmArgs={{ smart_count: 1 }}
              onConfirm={() => actions.moveToTrash(p)}
            />
          </>
        )}
      </CardActions>
    </Card>
  );
}

/** Publish or Unpublish, after the spec's confirm. */
export function PublishToggleButton({
  publication: p,
  onToggle,
  size = 'md',
}: {
  publication: Publication;
  onToggle: (p: Publication) => Promise<unknown>;
  size?: 'sm' | 'md';
}) {
  const translate = useTranslate();
  const publish = p.status !== 'published';
  return (
    <ConfirmButton
      variant={publish ? 'success' : 'warning'}
      size={size}
      label={translate(publish ? 'archive.action.publish' : 'archive.action.unpublish')}
      // A book with no poems yet says so before it goes public.
      confirmTitle={
        publish
          ? p.poem_count === 0
            ? 'archive.safe_edit.confirm_publish_empty_title'
            : 'archive.confirm.publish_title'
          : 'archive.confirm.unpublish_title'
      }
      confirmContent={
        publish ? (p.poem_count === 0 ? 'archive.safe_edit.confirm_publish_empty' : 'archive.confirm.publish') : 'archive.confirm.unpublish'
      }
      onConfirm={() => onToggle(p)}
    />
  );
}
