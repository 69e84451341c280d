import type { PublicSiteSettings, RecordedBook, StaticPageState } from '../../../contracts/reader-page.js';
import { formatDuration, readerAndWhen } from '../../../contracts/recordings.js';
import { authorsText, refOf } from '../../../contracts/format.js';
import { RECORDINGS_FEED_PATH } from '../../../contracts/reader-routes.js';
import { Layout } from '../components/layout.js';
import { NotFoundPage } from '../components/page-states.js';
import { paths } from '../lib/routes.js';

/**
 * /recordings: every published recording, book by book in the reader's order, poems in reading
 * order. Rendered on the server only and never hydrated: it is links and the browser's own
 * players, which load nothing until played, so the page adds nothing to the reader's script.
 */
export function RecordingsPage({ page, settings }: { page: StaticPageState; settings: PublicSiteSettings }) {
  const { recordings } = page;
  if (recordings.state !== 'ready') {
    const message = recordings.state === 'error' ? recordings.error.message : 'Loading recordings...';
    const error = recordings.state === 'error' ? recordings.error : undefined;
    return <NotFoundPage settings={settings} heading="Recordings" message={message} error={error} />;
  }
  const { books } = recordings.data;
  return (
    <Layout settings={settings}>
      <article className="container narrow page-pad recordings-page" aria-labelledby="recordings-title">
        <h1 id="recordings-title" className="page-title">
          Recordings
        </h1>
        <p className="page-intro">
          The poems of {settings.poetName} read aloud, book by book. <a href={RECORDINGS_FEED_PATH}>Subscribe as a podcast</a> (RSS feed).
        </p>
        {books.length === 0 ? (
          <p className="empty-text">No recordings have been published yet.</p>
        ) : (
          books.map((book) => <Book key={book.publication.id} book={book} settings={settings} />)
        )}
      </article>
    </Layout>
  );
}

function Book({ book, settings }: { book: RecordedBook; settings: PublicSiteSettings }) {
  const { publication } = book;
  const bookRef = refOf(publication);
  const lang = publication.language || 'en';
  const headingId = `book-${publication.id}`;
  return (
    <section className="recorded-book" aria-labelledby={headingId}>
      <h2 id={headingId} className="recorded-book-title">
        <a href={paths.publication(bookRef)} lang={lang}>
          {publication.title}
        </a>
      </h2>
      <p className="recorded-book-by">by {authorsText(publication.authors, settings.poetName)}</p>
      <ol className="recorded-poems">
        {book.poems.map(({ poem, recordings }) => (
          <li key={poem.id} className="recorded-poem">
            <h3 id={`poem-${poem.id}`} className="recorded-poem-title">
              <a href={paths.bookPoem(bookRef, refOf(poem))} lang={poem.language || lang}>
                {poem.title || 'Untitled'}
              </a>
            </h3>
            <ul className="recording-list">
              {recordings.map((recording) => {
                const id = `recording-${recording.id}`;
                const details = [recording.source.trim(), formatDuration(recording.duration_seconds)].filter(Boolean).join(' · ');
                return (
                  <li key={recording.id} className="recording-entry">
                    <p id={id} className="recording-by">
                      {`Read by ${readerAndWhen(recording, settings.poetName)}`}
                    </p>
                    <p className="recording-details">{details}</p>
                    {/* The browser's own player: nothing is fetched until the listener asks. */}
                    <audio controls preload="none" src={recording.url} aria-labelledby={`poem-${poem.id} ${id}`}>
                      <a href={recording.url}>Download the recording</a>
                    </audio>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
