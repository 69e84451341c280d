import { Link } from 'react-router-dom';
import { DASHBOARD_CARD_STAGGER_S } from '../constants.js';
import { authorsText, formatShortDate, publicRef } from '../format.js';
import { Button } from '../layout/button.js';
import { MSG } from '../messages.js';
import type { Publication } from '../providers/types.js';
import { StatusBadge } from './status-badge.js';
import { usePublicationActions } from './use-publication-actions.js';

export function PublicationCard({ publication: p, inTrash, index }: { publication: Publication; inTrash: boolean; index: number }) {
  const actions = usePublicationActions();
  const published = p.status === 'published';
  return (
    <article className="card publication-card" style={{ animationDelay: `${index * DASHBOARD_CARD_STAGGER_S}s` }} aria-label={p.title}>
      <header className="card-header">
        <h3>{p.title}</h3>
        <StatusBadge publication={p} inTrash={inTrash} />
      </header>
      <p className="authors">{authorsText(p.authors)}</p>
      <p className="muted">{inTrash ? `Deleted ${formatShortDate(p.deleted_at)}` : `Archived ${formatShortDate(p.created_at)}`}</p>
      <p className="muted">{p.publication_date || MSG.dashboard.dateNotSet}</p>
      <p className="stats">
        <span>{p.poem_count} poems</span> • <span>{p.total_lines} lines</span> • <span>{p.total_words} words</span>
      </p>
      <div className="row wrap">
        {inTrash ? (
          <>
            <Button size="sm" variant="success" onClick={() => void actions.restore(p)}>
              {MSG.actions.restore}
            </Button>
            <Button size="sm" variant="danger" onClick={() => void actions.permanentDelete(p)}>
              {MSG.actions.deleteForever}
            </Button>
          </>
        ) : (
          <>
            <Link className="ui-link-button" to={`/admin/publication/${publicRef(p)}`}>
              {MSG.actions.manage}
            </Link>
            {published ? (
              <a className="ui-link-button outline" href={`/publication/${publicRef(p)}`} target="_blank" rel="noopener noreferrer">
                {MSG.actions.view}
              </a>
            ) : null}
            <Button size="sm" variant={published ? 'warning' : 'success'} onClick={() => void actions.toggle(p)}>
              {published ? MSG.actions.unpublish : MSG.actions.publish}
            </Button>
            <Button size="sm" variant="danger" onClick={() => void actions.moveToTrash(p)}>
              {MSG.actions.delete}
            </Button>
          </>
        )}
      </div>
    </article>
  );
}
