import { useEffect, useState } from 'react';
import { useGetList } from 'react-admin';
import { TRASH_DEFAULT_PAGE, TRASH_PAGE_SIZE } from '../constants.js';
import { AdminHeader } from '../layout/admin-header.js';
import { Button } from '../layout/button.js';
import { ServerErrorPanel } from '../layout/server-error-panel.js';
import { MSG } from '../messages.js';
import type { ListFilter, Publication } from '../providers/types.js';
import { getStoredUser } from '../providers/session.js';
import { CreationWizard } from '../wizard/creation-wizard.js';
import { PublicationCard } from './publication-card.js';
import { adminListQueryOptions, retryUnless4xx } from './query-options.js';
import { useRefreshCatalog } from './use-publication-actions.js';

const FILTERS: Array<{ value: ListFilter; label: string }> = [
  { value: undefined, label: MSG.dashboard.filters.all },
  { value: 'draft', label: MSG.dashboard.filters.draft },
  { value: 'published', label: MSG.dashboard.filters.published },
  { value: 'trash', label: MSG.dashboard.filters.trash },
];

export function Dashboard() {
  const [filter, setFilter] = useState<ListFilter>(undefined);
  const [wizardOpen, setWizardOpen] = useState(false);
  const refresh = useRefreshCatalog();
  const inTrash = filter === 'trash';
  const user = getStoredUser();
  const { data, isPending, isFetching, error, refetch } = useGetList<Publication>(
    'publications',
    {
      filter: filter ? { status: filter } : {},
      pagination: { page: TRASH_DEFAULT_PAGE, perPage: TRASH_PAGE_SIZE },
      sort: { field: 'created_at', order: 'DESC' },
    },
    { ...adminListQueryOptions, retry: retryUnless4xx(2) },
  );

  useEffect(() => {
    document.title = MSG.dashboard.heading;
  }, []);

  // The panel stays up (saying 'Retrying...') until a retry actually succeeds.
  const [shownError, setShownError] = useState<unknown>(null);
  useEffect(() => {
    if (error) setShownError(error);
    else if (!isFetching) setShownError(null);
  }, [error, isFetching]);

  return (
    <div className="page">
      <AdminHeader>
        <div>
          <h1>{MSG.dashboard.heading}</h1>
          <p className="muted">{MSG.dashboard.welcome(user?.username ?? '')}</p>
        </div>
      </AdminHeader>
      <div className="toolbar">
        <div className="row wrap" role="group" aria-label="Filter publications">
          {FILTERS.map((f) => (
            <Button key={f.label} size="sm" variant={filter === f.value ? 'primary' : 'outline'} aria-pressed={filter === f.value} onClick={() => setFilter(f.value)}>
              {f.label}
            </Button>
          ))}
        </div>
        <Button onClick={() => setWizardOpen(true)}>{MSG.dashboard.newPublication}</Button>
      </div>
      {error || shownError ? (
        <ServerErrorPanel error={error ?? shownError} onRetry={() => refetch()} busy={isFetching} />
      ) : isPending ? (
        <p className="muted">{MSG.dashboard.loading}</p>
      ) : data && data.length ? (
        <div className="card-grid">
          {data.map((p, i) => (
            <PublicationCard key={p.id} publication={p} inTrash={inTrash} index={i} />
          ))}
        </div>
      ) : (
        <div className="empty">
          <h2>{inTrash ? MSG.dashboard.emptyTrashTitle : MSG.dashboard.emptyTitle}</h2>
          <p className="muted">{inTrash ? MSG.dashboard.emptyTrashText : MSG.dashboard.emptyText}</p>
        </div>
      )}
      <CreationWizard
        open={wizardOpen}
        onClose={() => setWizardOpen(false)}
        onComplete={() => {
          setWizardOpen(false);
          void refresh();
        }}
      />
    </div>
  );
}
