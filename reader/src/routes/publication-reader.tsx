import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import {
  isPoemNotFound,
  POEM_NOT_FOUND,
  poemAt,
  poemIndexOf,
  type Load,
  type PublicSiteSettings,
  type ReaderData,
} from '../../../contracts/reader-page.js';
import { HeaderTools, Layout } from '../components/layout.js';
import { Link, useFollowLinks, useNavigate } from '../components/navigation.js';
import { LoadingPage, NotFoundPage } from '../components/page-states.js';
import { Verse } from '../components/verse.js';
import { AboutPoem, PoemActions, PrintedSource } from '../components/about-poem.js';
import { ReportMistake } from '../components/report-mistake.js';
import { PrintedSide } from '../components/printed-side.js';
import { Listen } from '../components/listen.js';
import { authorsText, formatPublicationDate, plural, refOf } from '../../../contracts/format.js';
import { paths } from '../lib/routes.js';
import { scrollToTopSoon } from '../lib/scroll.js';

const CONTENTS = -1;

/**
 * /publication/{book}: the Table of Contents; /publication/{book}/{poem}: one poem of it, at its
 * own address, with the bottom bar (SPEC section 2). Every step is a history entry.
 */
export function PublicationReaderPage({
  reader,
  poemRef,
  settings,
}: {
  reader: Load<ReaderData>;
  poemRef?: string;
  settings: PublicSiteSettings;
}) {
  if (reader.state === 'loading') return <LoadingPage settings={settings} text="Loading publication..." />;
  if (reader.state === 'error') {
    if (isPoemNotFound(reader.error)) {
      return <NotFoundPage settings={settings} heading="Poem Not Found" message={POEM_NOT_FOUND.message} />;
    }
    // Any answer from the server other than 200 means the publication is not there for us.
    const message = reader.error.status !== undefined ? 'Publication not found' : reader.error.message;
    return <NotFoundPage settings={settings} heading="Publication Not Found" message={message} error={reader.error} />;
  }
  const view = poemRef === undefined ? CONTENTS : poemIndexOf(reader.data.contents, poemRef);
  if (poemRef !== undefined && view < 0)
    return <NotFoundPage settings={settings} heading="Poem Not Found" message={POEM_NOT_FOUND.message} />;
  return <Reader data={reader.data} view={view} settings={settings} />;
}

function Reader({ data, view, settings }: { data: ReaderData; view: number; settings: PublicSiteSettings }) {
  const { publication, contents } = data;
  const navigate = useNavigate();
  const followLinks = useFollowLinks();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef(view);
  const last = contents.length - 1;
  const bookRef = refOf(publication);
  const selfHref = paths.publication(bookRef);
  const hrefOf = useCallback(
    (index: number) => (index === CONTENTS ? selfHref : paths.bookPoem(bookRef, refOf(contents[index]!))),
    [bookRef, selfHref, contents],
  );

  const go = useCallback(
    (next: number) => {
      if (next < CONTENTS || next > last || next === view) return;
      navigate(hrefOf(next));
    },
    [last, view, navigate, hrefOf],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      if (event.key === 'ArrowLeft') go(view - 1);
      else if (event.key === 'ArrowRight') go(view + 1);
      else if (event.key === 'Escape') go(CONTENTS);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [view, go]);

  // Each step (a link, a key, Back or Forward) scrolls to the top. The focused control may have
  // vanished (a contents entry) or become disabled: keep keyboard and screen-reader users on the
  // new view's heading instead of losing focus to the page.
  useEffect(() => {
    if (shown.current === view) return;
    shown.current = view;
    scrollToTopSoon();
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected || active.getAttribute('aria-disabled') === 'true')
      headingRef.current?.focus({ preventScroll: true });
  }, [view]);

  const by = authorsText(publication.authors, settings.poetName);
  const entry = view >= 0 ? contents[view] : undefined;
  // The text arrives after the step when the poem was not at hand (the app fetches it).
  const poem = view >= 0 ? poemAt(data, view) : undefined;
  const published = formatPublicationDate(publication.publication_date);

  const header = (
    <header className="reader-header">
      <div className="container">
        <div className="header-row reader-header-row">
          <nav aria-label="Reader" className="reader-nav">
            <Link href="/">Home</Link>
            <Link href={selfHref} aria-current={view === CONTENTS ? 'page' : undefined}>
              Contents
            </Link>
          </nav>
          <HeaderTools />
        </div>
        <h1 className="reader-title">
          <bdi>{publication.title}</bdi>
        </h1>
        <p className="reader-by">by {by}</p>
      </div>
    </header>
  );

  return (
    <Layout settings={settings} header={header}>
      <div className="container reader-body with-side">
        {/* A poem in another language than its book says so (null, the book's, renders no attribute, as undefined does). */}
        {entry ? (
          <article className="poem" aria-labelledby="poem-title" aria-busy={!poem} lang={poem?.language as string | undefined}>
            <h2 id="poem-title" className="poem-title" tabIndex={-1} ref={headingRef}>
              {entry.title || 'Untitled'}
            </h2>
            {poem ? (
              <>
                <Verse body={poem.body} />
                <Listen poem={poem} recordings={data.recordings?.[String(poem.id)]} poetName={settings.poetName} level={3} />
                <PoemActions poem={poem} publication={publication} settings={settings} level={3} />
                <ReportMistake poem={poem} />
                <AboutPoem
                  poem={poem}
                  publication={publication}
                  printedPages={data.printed_pages[String(poem.id)]}
                  settings={settings}
                  level={3}
                />
                <PrintedSource poem={poem} publication={publication} settings={settings} />
              </>
            ) : (
              <p className="status-text" role="status">
                Loading poem...
              </p>
            )}
          </article>
        ) : (
          <section className="toc" aria-labelledby="toc-title">
            <h2 id="toc-title" className="page-title" tabIndex={-1} ref={headingRef}>
              Table of Contents
            </h2>
            <p className="toc-facts">
              <span>{plural(contents.length, 'poem')}</span>
              {published && <span>Published {published}</span>}
              {publication.publisher?.trim() && <span>{publication.publisher}</span>}
            </p>
            {contents.length === 0 ? (
              <p className="empty-text">No poems available in this publication.</p>
            ) : (
              <>
                {/* Plain links followed by the list's one handler, each text one string: a book's contents can run to hundreds of lines. */}
                <ol className="toc-list" onClick={followLinks}>
                  {contents.map((p, i) => (
                    <li key={p.id}>
                      <a href={hrefOf(i)} className="toc-entry">
                        <span className="toc-number" aria-hidden="true">
                          {`${i + 1}.`}
                        </span>
                        <span className="toc-name">{p.title || 'Untitled'}</span>
                        <span className="toc-meta">{`${plural(p.line_count, 'line')} • ${plural(p.word_count, 'word')}`}</span>
                      </a>
                    </li>
                  ))}
                </ol>
                <nav aria-label="Indexes of this book" className="index-links">
                  <a href={paths.index('first-lines', bookRef)}>Index of first lines</a>
                  <a href={paths.index('titles', bookRef)}>Index of titles</a>
                </nav>
                <nav aria-label="This book to take away" className="index-links book-links">
                  <a href={paths.bookPrint(bookRef)}>Print this book</a>
                  <a href={paths.bookEpub(bookRef)} download>
                    Download EPUB
                  </a>
                </nav>
              </>
            )}
          </section>
        )}
        <PrintedSide />
      </div>
      <nav className="bottom-bar" aria-label="Poem navigation">
        <div className="container bottom-row">
          <StepLink href={view === CONTENTS ? undefined : hrefOf(view - 1)} className="button button-outline">
            <span aria-hidden="true">←</span> Previous
          </StepLink>
          <span className="counter" aria-live="polite" data-testid="reader-counter">
            {view === CONTENTS ? plural(contents.length, 'poem') : `${view + 1} of ${contents.length}`}
          </span>
          <StepLink href={view >= last ? undefined : hrefOf(view + 1)} className="button button-primary">
            Next <span aria-hidden="true">→</span>
          </StepLink>
        </div>
      </nav>
    </Layout>
  );
}

/**
 * Previous or Next: a link to the step, so it works before (or without) the script; where there
 * is no step, a disabled link without an address (SPEC: Previous disabled on the contents, Next
 * on the last poem).
 */
function StepLink({ href, className, children }: { href: string | undefined; className: string; children: ReactNode }) {
  if (href === undefined) {
    return (
      <a role="link" aria-disabled="true" className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} className={className}>
      {children}
    </Link>
  );
}
