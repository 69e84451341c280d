import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import {
  CreateButton,
  List,
  Pagination,
  SearchInput,
  SortButton,
  TopToolbar,
  useGetIdentity,
  useListContext,
  useTranslate,
} from 'react-admin';
import type { Publication, PublicationListStatus } from '../../../contracts/catalog.js';
import { DASHBOARD_TOAST_MS, TRASH_PAGE_SIZE } from '../constants.js';
import { usePageTitle } from '../layout/page-title.js';
import { ServerErrorPanel } from '../layout/server-error-panel.js';
import { adminListQueryOptions } from '../providers/query-client.js';
import { PublicationSelectionBar } from './publication-bulk-actions.js';
import { PublicationCard } from './publication-card.js';
import { usePublicationActions, useToastFailure } from './use-publication-actions.js';

type StatusFilter = PublicationListStatus | '';
const STATUSES: Array<{ value: StatusFilter; key: string }> = [
  { value: '', key: 'all' },
  { value: 'draft', key: 'draft' },
  { value: 'published', key: 'published' },
  { value: 'trash', key: 'trash' },
];
const ACTIVE_SORTS = ['created_at', 'updated_at', 'title', 'poem_count'];
const TRASH_SORTS = ['deleted_at', 'created_at', 'title', 'poem_count'];

/** All Active / Drafts / Published / Trash (SPEC section 2); the trash is sorted by deletion date. */
function StatusButtons() {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters, sort, setSort, onUnselectItems } = useListContext();
  const current: StatusFilter = filterValues.status ?? '';
  const choose = (value: StatusFilter | null) => {
    if (value === null || value === current) return;
    // A selection made in one list is not carried into another, where other actions apply.
    onUnselectItems();
    const { status: _old, ...rest } = filterValues;
    setFilters(value ? { ...rest, status: value } : rest, displayedFilters);
    if (value === 'trash' && sort.field !== 'deleted_at') setSort({ field: 'deleted_at', order: 'DESC' });
    if (value !== 'trash' && sort.field === 'deleted_at') setSort({ field: 'created_at', order: 'DESC' });
  };
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={current}
      onChange={(_e, value) => choose(value)}
      aria-label={translate('archive.dashboard.filter_label')}
    >
      {STATUSES.map(({ value, key }) => (
        <ToggleButton
          key={key}
          value={value}
          sx={{
            textTransform: 'none',
            fontWeight: 600,
            '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: 'primary.contrastText' },
          }}
        >
          {translate(`archive.dashboard.filters.${key}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

function DashboardActions() {
  const { filterValues } = useListContext();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <StatusButtons />
      <SortButton fields={filterValues.status === 'trash' ? TRASH_SORTS : ACTIVE_SORTS} />
      <CreateButton label="archive.dashboard.new_publication" variant="contained" />
    </TopToolbar>
  );
}

/** Whether a record still belongs in the list shown: an undoable restore or a publish changes it before the list is read again. */
function belongs(p: Publication, status: StatusFilter): boolean {
  if (status === 'trash') return p.deleted_at !== null;
  if (p.deleted_at) return false;
  return status === '' || p.status === status;
}

/**
 * The dashboard's cards. A card grid rather than react-admin's table: the spec's cards carry a
 * book's whole state (badge, dates, counts) and its actions, which a row cannot show readably.
 */
function PublicationCards() {
  const translate = useTranslate();
  const { data, isPending, isFetching, error, refetch, filterValues, selectedIds, onSelect, onToggleItem } = useListContext<Publication>();
  const actions = usePublicationActions(useToastFailure(), DASHBOARD_TOAST_MS);
  const status: StatusFilter = filterValues.status ?? '';
  const shown = useMemo(() => (data ?? []).filter((p) => belongs(p, status)), [data, status]);
  // Only cards in view stay selected, so a bulk action never reaches a publication the curator
  // cannot see: one on another page, or one that has left this list (trashed from its card, say).
  useEffect(() => {
    if (isFetching) return;
    const inView = selectedIds.filter((id) => shown.some((p) => p.id === id));
    if (inView.length !== selectedIds.length) onSelect(inView);
  }, [isFetching, selectedIds, shown, onSelect]);
  // The panel stays up (saying 'Retrying...') until a retry actually succeeds.
  const [shownError, setShownError] = useState<unknown>(null);
  useEffect(() => {
    if (error) setShownError(error);
    else if (!isFetching) setShownError(null);
  }, [error, isFetching]);

  if (error || shownError) return <ServerErrorPanel error={error ?? shownError} onRetry={() => refetch()} busy={isFetching} />;
  if (isPending) return <Typography color="text.secondary">{translate('archive.dashboard.loading')}</Typography>;
  if (shown.length === 0) {
    const kind = filterValues.q ? 'no_match' : status === 'trash' ? 'empty_trash' : 'empty';
    return (
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <Typography component="h2" variant="h6">
          {translate(`archive.dashboard.${kind}_title`)}
        </Typography>
        <Typography color="text.secondary">{translate(`archive.dashboard.${kind}_text`, { q: filterValues.q })}</Typography>
      </Box>
    );
  }
  return (
    <>
      <PublicationSelectionBar shown={shown} trash={status === 'trash'} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(300px, 100%), 1fr))', pb: 2 }}>
        {shown.map((p, i) => (
          <PublicationCard
            key={p.id}
            publication={p}
            index={i}
            actions={actions}
            selected={selectedIds.includes(p.id)}
            onToggleSelected={() => onToggleItem(p.id)}
          />
        ))}
      </Box>
    </>
  );
}

function DashboardHeading() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  usePageTitle(translate('archive.dashboard.heading'));
  return (
    <Stack sx={{ mb: 1 }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 600 }}>
        {translate('archive.dashboard.heading')}
      </Typography>
      <Typography color="text.secondary">{translate('archive.dashboard.welcome', { username: identity?.fullName ?? '' })}</Typography>
    </Stack>
  );
}

/** The list's own failure is the retry panel, not a notification as well. */
const listQueryOptions = { ...adminListQueryOptions, onError: () => undefined };

/**
 * The dashboard at /admin (SPEC section 2): react-admin's List of publications with the spec's
 * filter buttons, text search, sorting and paging (the trash pages 20 at a time).
 */
export function PublicationList() {
  const translate = useTranslate();
  const filters = [<SearchInput key="q" source="q" alwaysOn placeholder={translate('archive.dashboard.search')} />];
  return (
    <>
      <DashboardHeading />
      <List
        resource="publications"
        title={false}
        actions={<DashboardActions />}
        filters={filters}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={TRASH_PAGE_SIZE}
        pagination={<Pagination rowsPerPageOptions={[10, TRASH_PAGE_SIZE, 50]} />}
        empty={false}
        queryOptions={listQueryOptions}
        component="div"
      >
        <PublicationCards />
      </List>
    </>
  );
}
