import type { Load, PoemData, PublicSiteSettings } from '../../../src/site/reader-contract.js';
import { Layout } from '../components/layout.js';
import { Link } from '../components/navigation.js';
import { Verse } from '../components/verse.js';
import { authorsText, formatLongDate, refOf } from '../lib/format.js';

/** /poem/{id}: one poem with its back links (SPEC section 2). */
export function PoemPage({ poem, settings }: { poem: Load<PoemData>; settings: PublicSiteSettings }) {
  if (poem.state === 'loading') {
    return (
      <Layout settings={settings}>
        <div className="container page-pad">
          <p className="status-text" role="status">
            Loading poem...
          </p>
        </div>
      </Layout>
    );
  }
  if (poem.state === 'error') {
    return (
      <Layout settings={settings}>
        <div className="container page-pad not-found">
          <h1 className="page-title">Poem Not Found</h1>
          <p className="error-message">{poem.error.status === 404 ? 'Poem not found' : 'Failed to load poem'}</p>
          <p>
            <Link href="/" className="button button-primary">
              Back to Home
            </Link>
          </p>
        </div>
      </Layout>
    );
  }
  const { poem: p, publication } = poem.data;
  const collectionHref = publication
    ? `/publication/${encodeURIComponent(refOf(publication))}`
    : p.publication_id
      ? `/publication/${p.publication_id}`
      : undefined;
  const created = formatLongDate(p.created_at);
  return (
    <Layout settings={settings}>
      <div className="container page-pad">
        <nav aria-label="Back" className="back-nav">
          {collectionHref ? (
            <Link href={collectionHref}>
              <span aria-hidden="true">←</span> Back to Collection
            </Link>
          ) : (
            <Link href="/">
              <span aria-hidden="true">←</span> Back to Home
            </Link>
          )}
        </nav>
        <article className="poem" aria-labelledby="poem-title">
          <h1 id="poem-title" className="poem-title">
            {p.title || 'Untitled'}
          </h1>
          <p className="poem-byline">
            by {authorsText(publication?.authors, settings.poetName)}
            {created && (
              <>
                {' · '}
                <time dateTime={p.created_at}>{created}</time>
              </>
            )}
          </p>
          <Verse body={p.body} />
        </article>
        <nav aria-label="Collection" className="poem-footer-nav">
          {collectionHref && (
            <Link href={collectionHref}>
              From the collection <cite>{publication?.title ?? 'this poem belongs to'}</cite>
            </Link>
          )}
          <Link href="/">Home</Link>
        </nav>
      </div>
    </Layout>
  );
}
