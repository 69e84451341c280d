import { useCallback, useEffect, useRef, useState } from 'react';
import type { Load, PublicSiteSettings, ReaderData } from '../../../contracts/reader-page.js';
import { Layout } from '../components/layout.js';
import { Link } from '../components/navigation.js';
import { LoadingPage, NotFoundPage } from '../components/page-states.js';
import { Verse } from '../components/verse.js';
import { authorsText, formatPublicationDate, plural, refOf } from '../../../contracts/format.js';
import { scrollToTopSoon } from '../lib/scroll.js';

const CONTENTS = -1;

/** /publication/{id}: Table of Contents and single-poem views with the bottom bar (SPEC section 2). */
export function PublicationReaderPage({ reader, settings }: { reader: Load<ReaderData>; settings: PublicSiteSettings }) {
  if (reader.state === 'loading') return <LoadingPage settings={settings} text="Loading publication..." />;
  if (reader.state === 'error') {
    // Any answer from the server other than 200 means the publication is not there for us.
    const message = reader.error.status !== undefined ? 'Publication not found' : reader.error.message;
    return <NotFoundPage settings={settings} heading="Publication Not Found" message={message} error={reader.error} />;
  }
  return <Reader data={reader.data} settings={settings} />;
}

function Reader({ data, settings }: { data: ReaderData; settings: PublicSiteSettings }) {
  const { publication, poems } = data;
  const [view, setView] = useState(CONTENTS);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const last = poems.length - 1;

  const go = useCallback(
    (next: number) => {
      if (next < CONTENTS || next > last) return;
      moved.current = true;
      setView(next);
      scrollToTopSoon();
    },
    [last],
  );

  const previous = useCallback(() => {
    if (view > CONTENTS) go(view - 1);
  }, [view, go]);
  const next = useCallback(() => {
    if (view < last) go(view + 1);
  }, [view, last, go]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      if (event.key === 'ArrowLeft') previous();
      else if (event.key === 'ArrowRight') next();
      else if (event.key === 'Escape') go(CONTENTS);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [previous, next, go]);

  // The focused control may have vanished (a contents entry) or become disabled: keep keyboard
  // and screen-reader users on the new view's heading instead of losing focus to the page.
  useEffect(() => {
    if (!moved.current) return;
    const active = document.activeElement as HTMLButtonElement | null;
    if (!active || active === document.body || !active.isConnected || active.disabled) headingRef.current?.focus({ preventScroll: true });
  }, [view]);

  const by = authorsText(publication.authors, settings.poetName);
  const selfHref = `/publication/${encodeURIComponent(refOf(publication))}`;
  const poem = view >= 0 ? poems[view] : undefined;
  const published = formatPublicationDate(publication.publication_date);

  const header = (
    <header className="reader-header">
      <div className="container">
        <nav aria-label="Reader" className="reader-nav">
          <Link href="/">Home</Link>
          <a
            href={selfHref}
            aria-current={view === CONTENTS ? 'page' : undefined}
            onClick={(event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              go(CONTENTS);
            }}
          >
            Contents
          </a>
        </nav>
        <h1 className="reader-title">{publication.title}</h1>
        <p className="reader-by">by {by}</p>
      </div>
    </header>
  );

  return (
    <Layout settings={settings} header={header}>
      <div className="container reader-body">
        {poem ? (
          <article className="poem" aria-labelledby="poem-title">
            <h2 id="poem-title" className="poem-title" tabIndex={-1} ref={headingRef}>
              {poem.title || 'Untitled'}
            </h2>
            <Verse body={poem.body} />
            <p className="poem-permalink">
              <Link href={`/poem/${encodeURIComponent(refOf(poem))}`}>Open this poem on its own page</Link>
            </p>
          </article>
        ) : (
          <section className="toc" aria-labelledby="toc-title">
            <h2 id="toc-title" className="page-title" tabIndex={-1} ref={headingRef}>
              Table of Contents
            </h2>
            <p className="toc-facts">
              <span>{plural(poems.length, 'poem')}</span>
              {published && <span>Published {published}</span>}
              {publication.publisher?.trim() && <span>{publication.publisher}</span>}
            </p>
            {poems.length === 0 ? (
              <p className="empty-text">No poems available in this publication.</p>
            ) : (
              <ol className="toc-list">
                {poems.map((p, i) => (
                  <li key={p.id}>
                    <button type="button" className="toc-entry" onClick={() => go(i)}>
                      <span className="toc-number" aria-hidden="true">
                        {i + 1}.
                      </span>
                      <span className="toc-name">{p.title || 'Untitled'}</span>
                      <span className="toc-meta">
                        {plural(p.line_count, 'line')} • {plural(p.word_count, 'word')}
                      </span>
                    </button>
                  </li>
                ))}
              </ol>
            )}
          </section>
        )}
      </div>
      <nav className="bottom-bar" aria-label="Poem navigation">
        <div className="container bottom-row">
          <button type="button" className="button button-outline" onClick={previous} disabled={view === CONTENTS}>
            <span aria-hidden="true">←</span> Previous
          </button>
          <span className="counter" aria-live="polite" data-testid="reader-counter">
            {view === CONTENTS ? plural(poems.length, 'poem') : `${view + 1} of ${poems.length}`}
          </span>
          <button type="button" className="button button-primary" onClick={next} disabled={view >= last}>
            Next <span aria-hidden="true">→</span>
          </button>
        </div>
      </nav>
    </Layout>
  );
}
