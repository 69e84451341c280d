import type { Load, PoemData, PublicSiteSettings } from '../../../contracts/reader-page.js';
import { Layout } from '../components/layout.js';
import { Link } from '../components/navigation.js';
import { LoadingPage, NotFoundPage } from '../components/page-states.js';
import { Verse } from '../components/verse.js';
import { AboutPoem, PoemActions, PrintedSource } from '../components/about-poem.js';
import { ReportMistake } from '../components/report-mistake.js';
import { PrintedSide } from '../components/printed-side.js';
import { Listen } from '../components/listen.js';
import { authorsText, formatLongDate, formatPublicationDate, refOf } from '../../../contracts/format.js';
import { isoPublicationDate } from '../lib/dates.js';

/**
 * /poem/{id or slug}: one poem with its back links (SPEC section 2). Its canonical address is the
 * poem inside its book (/publication/{book}/{poem}); this page keeps older links working.
 */
export function PoemPage({ poem, settings }: { poem: Load<PoemData>; settings: PublicSiteSettings }) {
  if (poem.state === 'loading') return <LoadingPage settings={settings} text="Loading poem..." />;
  if (poem.state === 'error') {
    return (
      <NotFoundPage
        settings={settings}
        heading="Poem Not Found"
        message={poem.error.status === 404 ? 'Poem not found' : 'Failed to load poem'}
        error={poem.error}
      />
    );
  }
  const { poem: p, publication, printed_pages, recordings } = poem.data;
  const collectionHref = publication
    ? `/publication/${encodeURIComponent(refOf(publication))}`
    : p.publication_id
      ? `/publication/${p.publication_id}`
      : undefined;
  // The poem is dated by when it came into the archive (SPEC section 2); its book's date is named as such.
  const archived = formatLongDate(p.created_at);
  const published = formatPublicationDate(publication?.publication_date);
  const publishedIso = publication ? isoPublicationDate(publication) : undefined;
  return (
    <Layout settings={settings}>
      <div className="container page-pad with-side">
        <div>
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
          {/* A poem in another language than its book says so (null, the book's, renders no attribute, as undefined does). */}
          <article className="poem" aria-labelledby="poem-title" lang={p.language as string | undefined}>
            <h1 id="poem-title" className="poem-title">
              {p.title || 'Untitled'}
            </h1>
            <p className="poem-byline">by {authorsText(publication?.authors, settings.poetName)}</p>
            {(archived || published) && (
              <p className="poem-dates">
                {archived && (
                  <span>
                    Archived <time dateTime={p.created_at.slice(0, 10)}>{archived}</time>
                  </span>
                )}
                {published && <span>Book published {publishedIso ? <time dateTime={publishedIso}>{published}</time> : published}</span>}
              </p>
            )}
            <Verse body={p.body} />
            <Listen poem={p} recordings={recordings} poetName={settings.poetName} level={2} />
            <PoemActions poem={p} publication={publication} settings={settings} level={2} />
            <ReportMistake poem={p} />
          </article>
          <AboutPoem poem={p} publication={publication} printedPages={printed_pages} settings={settings} level={2} />
          <PrintedSource poem={p} publication={publication} settings={settings} />
          <nav aria-label="Collection" className="poem-footer-nav">
            {collectionHref && (
              <Link href={collectionHref}>
                From the collection <cite>{publication?.title ?? 'this poem belongs to'}</cite>
              </Link>
            )}
            <Link href="/">Home</Link>
          </nav>
        </div>
        <PrintedSide />
      </div>
    </Layout>
  );
}
