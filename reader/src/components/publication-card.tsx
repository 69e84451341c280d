import type { Publication } from '../../../contracts/reader-page.js';
import { authorsText, collectionStats, formatLongDate, formatPublicationDate, refOf } from '../../../contracts/format.js';
import { Link } from './navigation.js';

export function PublicationCard({
  publication,
  poetName,
  headingLevel,
}: {
  publication: Publication;
  poetName: string;
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const published = formatPublicationDate(publication.publication_date);
  const archived = formatLongDate(publication.created_at);
  return (
    <article className="card">
      <Heading className="card-title">
        <Link href={`/publication/${encodeURIComponent(refOf(publication))}`} className="card-link">
          <bdi>{publication.title}</bdi>
        </Link>
      </Heading>
      <p className="card-by">by {authorsText(publication.authors, poetName)}</p>
      <dl className="card-facts">
        {published && (
          <div>
            <dt>Published</dt>
            <dd>{published}</dd>
          </div>
        )}
        {archived && (
          <div>
            <dt>Archived</dt>
            <dd>
              <time dateTime={publication.created_at}>{archived}</time>
            </dd>
          </div>
        )}
      </dl>
      <p className="card-stats">{collectionStats(publication.poem_count, publication.total_lines, publication.total_words)}</p>
    </article>
  );
}
