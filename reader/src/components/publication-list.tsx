import type { Load, Publication } from '../../../contracts/reader-page.js';
import { PublicationCard } from './publication-card.js';
import { ServerErrorPanel } from './server-error.js';

/** The 'Published Collections' grid with its loading, empty and error states (SPEC section 2, Home). */
export function PublicationList({ list, poetName, headingLevel }: { list: Load<Publication[]>; poetName: string; headingLevel: 2 | 3 }) {
  if (list.state === 'loading') {
    return (
      <p className="status-text" role="status">
        Loading publications...
      </p>
    );
  }
  if (list.state === 'error') return <ServerErrorPanel error={list.error} />;
  if (list.data.length === 0) {
    const Heading = headingLevel === 2 ? 'h2' : 'h3';
    return (
      <div className="empty-state">
        <Heading className="empty-title">No published collections available</Heading>
        <p>New poetry collections will appear here once they are published. Check back later for updates.</p>
      </div>
    );
  }
  return (
    <ul className="card-grid" aria-label="Published collections">
      {list.data.map((publication) => (
        <li key={publication.id}>
          <PublicationCard publication={publication} poetName={poetName} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
