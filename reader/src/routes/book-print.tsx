import type { BookData, Load, PublicSiteSettings } from '../../../contracts/reader-page.js';
import { authorsText, formatPublicationDate, refOf } from '../../../contracts/format.js';
import { Layout } from '../components/layout.js';
import { ServerMarkup } from '../components/server-markup.js';
import { Link } from '../components/navigation.js';
import { LoadingPage, NotFoundPage } from '../components/page-states.js';
import { Verse } from '../components/verse.js';
import { paths } from '../lib/routes.js';

/** The anchor of a poem inside the print edition. */
const anchorOf = (poem: { slug: string; id: number }) => `poem-${refOf(poem)}`;

/**
 * /print/publication/{book}: the whole book set for paper. On screen it reads as one page; in
 * print (reader's Print button or the browser's) it is a clean book: a title page, the contents,
 * then each poem from the top of a page, its stanzas kept whole where they fit.
 */
export function BookPrintPage({ book, settings }: { book: Load<BookData>; settings: PublicSiteSettings }) {
  if (book.state === 'loading') return <LoadingPage settings={settings} text="Loading publication..." />;
  if (book.state === 'error') {
    return (
      <NotFoundPage
        settings={settings}
        heading="Publication Not Found"
        message={book.error.status === 404 ? 'Publication not found' : book.error.message}
        error={book.error}
      />
    );
  }
  const { publication, poems } = book.data;
  const ref = refOf(publication);
  const year = formatPublicationDate(publication.publication_date);
  const imprint = [publication.publisher.trim(), year].filter(Boolean).join(' · ');
  return (
    <Layout settings={settings}>
      <div className="container print-edition">
        <div className="print-toolbar">
          <Link href={paths.publication(ref)}>
            <span aria-hidden="true">←</span> Back to the book
          </Link>
          <button type="button" className="button button-primary" onClick={() => window.print()}>
            Print this book
          </button>
          <a href={paths.bookEpub(ref)} download>
            Download EPUB
          </a>
        </div>
        {/* The book itself is static: adopted from the server's markup, so the browser receives its
            text once and does not render it again (the page's data carries no poems). */}
        <ServerMarkup id="print-book-markup">
          <article className="print-book" aria-labelledby="print-book-title">
            <header className="print-title-page">
              <h1 id="print-book-title" className="print-book-title">
                {publication.title}
              </h1>
              <p className="print-book-by">{authorsText(publication.authors, settings.poetName)}</p>
              {imprint && <p className="print-book-imprint">{imprint}</p>}
              <p className="print-book-site">{settings.siteName}</p>
            </header>
            <nav className="print-contents" aria-labelledby="print-contents-title">
              <h2 id="print-contents-title" className="print-contents-title">
                Contents
              </h2>
              {poems.length === 0 ? (
                <p>No poems available in this publication.</p>
              ) : (
                <ol className="print-contents-list">
                  {poems.map((poem) => (
                    <li key={poem.id}>
                      <a href={`#${anchorOf(poem)}`}>{poem.title || 'Untitled'}</a>
                    </li>
                  ))}
                </ol>
              )}
            </nav>
            {poems.map((poem) => (
              // A poem in another language than its book says so (null, the book's, renders no attribute, as undefined does).
              <section
                key={poem.id}
                id={anchorOf(poem)}
                className="print-poem"
                aria-labelledby={`${anchorOf(poem)}-title`}
                lang={poem.language as string | undefined}
              >
                <h2 id={`${anchorOf(poem)}-title`} className="print-poem-title">
                  {poem.title || 'Untitled'}
                </h2>
                <Verse body={poem.body} />
              </section>
            ))}
          </article>
        </ServerMarkup>
      </div>
    </Layout>
  );
}
