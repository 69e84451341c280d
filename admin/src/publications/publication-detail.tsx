import { useEffect, useState } from 'react';
import { useGetManyReference, useGetOne } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { authorsText, formatLongDate, publicRef } from '../format.js';
import { AdminHeader } from '../layout/admin-header.js';
import { Button } from '../layout/button.js';
import { MSG } from '../messages.js';
import { PoemCard } from '../poems/poem-card.js';
import { PoemEditDialog, type PoemEdit } from '../poems/poem-edit-dialog.js';
import { serverErrorField } from '../providers/api-error.js';
import type { Poem, Publication } from '../providers/types.js';
import { CreationWizard } from '../wizard/creation-wizard.js';
import { StatusBadge } from './status-badge.js';
import { useArchiveDataProvider, useRefreshCatalog } from './use-publication-actions.js';

const fail = (err: unknown, fallback: string) => window.alert(MSG.detail.errorPrefix + (serverErrorField(err) ?? fallback));

export function PublicationDetail() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const dp = useArchiveDataProvider();
  const refresh = useRefreshCatalog();
  const [editing, setEditing] = useState<Poem | null>(null);
  const [wizardOpen, setWizardOpen] = useState(false);
  const { data: publication, isPending, error } = useGetOne<Publication>('publications', { id: id as unknown as number }, { retry: false });
  const { data: poems = [] } = useGetManyReference<Poem>(
    'poems',
    { target: 'publication_id', id: publication?.id ?? id, pagination: { page: 1, perPage: 1000 }, sort: { field: 'position', order: 'ASC' } },
    { enabled: Boolean(publication) },
  );

  useEffect(() => {
    if (publication) document.title = `${publication.title} - ${MSG.dashboard.heading}`;
  }, [publication]);

  if (isPending) return <p className="muted page">{MSG.detail.loading}</p>;
  if (error || !publication) {
    const message = serverErrorField(error) ?? (error instanceof Error && error.message ? error.message : MSG.detail.loadFailed);
    return (
      <div className="page">
        <section className="panel error-panel" role="alert">
          <h1>{MSG.detail.loadErrorTitle}</h1>
          <p>{message}</p>
          <Link to="/admin">{MSG.detail.back}</Link>
        </section>
      </div>
    );
  }

  const published = publication.status === 'published';
  const toggle = async () => {
    if (!window.confirm(MSG.confirm.toggle(!published))) return;
    try {
      await dp.togglePublish(publication.id);
    } catch (err) {
      fail(err, MSG.toasts.toggleFailed);
    }
    await refresh();
  };
  const remove = async () => {
    if (!window.confirm(MSG.confirm.moveToTrash)) return;
    try {
      await dp.delete('publications', { id: publication.id, previousData: publication });
      window.alert(MSG.detail.deleted);
      await refresh();
      navigate('/admin');
    } catch (err) {
      fail(err, MSG.toasts.deleteFailed);
    }
  };
  const deletePoem = async (poem: Poem) => {
    if (!window.confirm(MSG.confirm.deletePoemDetail)) return;
    try {
      await dp.delete('poems', { id: poem.id, previousData: poem });
      window.alert(MSG.detail.poemDeleted);
    } catch (err) {
      fail(err, MSG.detail.deletePoemFailed);
    }
    await refresh();
  };
  const savePoem = async (edit: PoemEdit) => {
    if (!editing) return;
    try {
      await dp.update('poems', { id: editing.id, data: edit, previousData: editing });
      setEditing(null);
      window.alert(MSG.detail.poemUpdated);
    } catch (err) {
      fail(err, MSG.detail.updatePoemFailed);
    }
    await refresh();
  };

  const field = (label: string, value: string) => (
    <div className="field-view">
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );

  return (
    <div className="page">
      <AdminHeader publicLink={published ? { href: `/publication/${publicRef(publication)}`, label: MSG.detail.viewPublicSite } : null}>
        <Link to="/admin" className="back-link">
          ← {MSG.detail.back}
        </Link>
      </AdminHeader>
      <section className="panel">
        <div className="card-header">
          <h1>{publication.title}</h1>
          <StatusBadge publication={publication} />
        </div>
        <div className="row wrap">
          <Button variant={published ? 'warning' : 'success'} onClick={() => void toggle()}>
            {published ? MSG.actions.unpublish : MSG.actions.publish}
          </Button>
          <Button variant="danger" onClick={() => void remove()}>
            {MSG.detail.deletePublication}
          </Button>
        </div>
        <dl className="fields">
          {field('Authors', authorsText(publication.authors))}
          {field('Publisher', publication.publisher)}
          {field('Publication Date', publication.publication_date)}
          {field('ISBN', publication.isbn)}
          {field('Created', formatLongDate(publication.created_at))}
          {field('Updated', formatLongDate(publication.updated_at))}
          {field('Notes', publication.notes)}
        </dl>
      </section>
      <section className="panel">
        <div className="card-header">
          <h2>{MSG.detail.poems(poems.length)}</h2>
          <Button onClick={() => setWizardOpen(true)}>{MSG.detail.newPoem}</Button>
        </div>
        {poems.length ? (
          <div className="card-grid">
            {poems.map((poem) => (
              <PoemCard key={poem.id} poem={poem} onEdit={() => setEditing(poem)} onDelete={() => void deletePoem(poem)} />
            ))}
          </div>
        ) : (
          <p className="muted">{MSG.detail.noPoems}</p>
        )}
      </section>
      <PoemEditDialog poem={editing} onCancel={() => setEditing(null)} onSave={savePoem} />
      {wizardOpen ? (
        <CreationWizard
          open
          publicationId={publication.id}
          onClose={() => {
            setWizardOpen(false);
            void refresh();
          }}
          onComplete={() => {
            setWizardOpen(false);
            void refresh();
          }}
        />
      ) : null}
    </div>
  );
}
