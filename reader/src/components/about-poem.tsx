import { useEffect, useRef, useState, type ReactNode } from 'react';
import { citationParts, pageRange, type CitedPoem } from '../../../contracts/citation.js';
import { authorsText, formatPublicationDate } from '../../../contracts/format.js';
import type { Poem, PoemPage, Publication, PublicSiteSettings } from '../../../contracts/reader-page.js';
import { loadPrintedPages } from '../lib/api.js';
import { copyToClipboard } from '../lib/clipboard.js';
import { paths, poemUrl } from '../lib/routes.js';
import { CitePanel } from './cite-panel.js';
import type { ViewerMode } from './printed-pages-viewer.js';
import { SIDE_BY_SIDE_QUERY } from './printed-side.js';
import './about-poem.css';

/** "Page 3", "Pages 3–4" */
function pagesText(pages: number[]): string {
  const range = pageRange(pages);
  return range && `${range.includes('–') ? 'Pages' : 'Page'} ${range}`;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'’”]/g;

/**
 * The curator's notes, safely: plain text in paragraphs (a blank line between them), line breaks
 * kept, web addresses as links. Nothing in the notes is read as markup.
 */
function Notes({ text }: { text: string }) {
  const paragraphs = text.trim().split(/\n\s*\n/);
  return (
    <div className="poem-notes">
      {paragraphs.map((paragraph, i) => (
        <p key={i}>{linkify(paragraph.trim())}</p>
      ))}
    </div>
  );
}

function linkify(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_IN_TEXT)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(
      <a key={m.index} href={m[0]} rel="noopener noreferrer nofollow">
        {m[0]}
      </a>,
    );
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** A short message read out by screen readers, cleared after a few seconds. */
function useStatus(): [string, (message: string) => void] {
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(''), 4000);
    return () => clearTimeout(timer);
  }, [message]);
  return [message, setMessage];
}

interface PoemInBook {
  poem: Poem;
  publication: Publication | null;
  /** Photos of the poem's printed pages; undefined until known. */
  printedPages?: PoemPage[];
  settings: PublicSiteSettings;
}

function citedPoem({ poem, publication, settings }: PoemInBook, url: string): CitedPoem {
  const authors = (publication?.authors ?? []).map((a) => a.trim()).filter(Boolean);
  return {
    title: poem.title,
    authors: authors.length > 0 ? authors : [settings.poetName],
    bookTitle: publication?.title ?? '',
    publisher: publication?.publisher ?? '',
    publicationDate: publication?.publication_date ?? '',
    pages: poem.page_numbers,
    siteName: settings.siteName,
    url,
  };
}

/** Whether the script has taken over the page: false on the server and in the first render that hydrates it. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Cite, Share and Print under a poem. The citations are in the page as served, so Cite opens
 * without the script; Share, Print and the Copy buttons need it, and appear once it runs.
 */
export function PoemActions(props: PoemInBook & { level: 2 | 3 }) {
  const { poem, publication, settings } = props;
  const url = poemUrl(settings, poem, publication);
  const [status, say] = useStatus();
  const hydrated = useHydrated();
  const cite = useRef<HTMLDetailsElement>(null);
  const [citeOpen, setCiteOpen] = useState(false);
  // Escape closes the open Cite panel and nothing else: the reader, listening on the window, sees the key handled.
  useEffect(() => {
    if (!citeOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !cite.current?.open) return;
      event.preventDefault();
      cite.current.open = false;
      cite.current.querySelector('summary')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [citeOpen]);

  const share = async () => {
    const title = poem.title || 'Untitled';
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: `${title} by ${authorsText(publication?.authors, settings.poetName)}`, url });
        return;
      } catch (err) {
        if ((err as Error).name === 'AbortError') return;
      }
    }
    say((await copyToClipboard(url)) ? 'Link copied' : `Copy this link: ${url}`);
  };

  return (
    <div className="poem-actions">
      <details className="cite" ref={cite} onToggle={(event) => setCiteOpen(event.currentTarget.open)}>
        <summary className="button button-outline">Cite</summary>
        <div className="cite-panel">
          <CitePanel cited={citedPoem(props, url)} level={props.level} say={hydrated ? say : undefined} />
        </div>
      </details>
      {hydrated && (
        <>
          <button type="button" className="button button-outline" onClick={() => void share()}>
            Share
          </button>
          <button type="button" className="button button-outline" onClick={() => window.print()}>
            Print
          </button>
        </>
      )}
      <p className="action-status" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}

/**
 * What a printed poem carries at its foot, in place of the controls: where it is read online and
 * how to cite it. Only on paper (print CSS); the screen has the Cite panel.
 */
export function PrintedSource(props: PoemInBook) {
  const url = poemUrl(props.settings, props.poem, props.publication);
  return (
    <footer className="print-source">
      <p>
        Online at <span className="print-url">{url}</span>
      </p>
      <p>
        Cite as (MLA):{' '}
        <span className="print-citation">
          {citationParts('mla', citedPoem(props, url)).map((part, i) => (part.italic ? <i key={i}>{part.text}</i> : part.text))}
        </span>
      </p>
    </footer>
  );
}

/**
 * About this poem: the curator's notes, where it was printed (book, publisher, year, pages), and
 * the photos of its printed pages when the book is published and the poem was scanned.
 */
export function AboutPoem(props: PoemInBook & { level: 2 | 3 }) {
  const { poem, publication } = props;
  const Heading = props.level === 2 ? 'h2' : 'h3';
  const printed = usePrintedPages(poem, props.printedPages);
  const year = formatPublicationDate(publication?.publication_date);
  const pages = pagesText(poem.page_numbers);
  const bookRef = publication ? publication.slug || String(publication.id) : undefined;
  return (
    <section className="about-poem" aria-labelledby="about-poem-title">
      <Heading id="about-poem-title" className="about-title">
        About this poem
      </Heading>
      {poem.notes.trim() && <Notes text={poem.notes} />}
      <dl className="about-facts">
        {publication && (
          <div>
            <dt>From</dt>
            <dd>
              <a href={paths.publication(bookRef!)}>
                <cite>{publication.title}</cite>
              </a>
              {publication.publisher.trim() && `, ${publication.publisher.trim()}`}
            </dd>
          </div>
        )}
        {year && (
          <div>
            <dt>Published</dt>
            <dd>{year}</dd>
          </div>
        )}
        {pages && (
          <div>
            <dt>In print</dt>
            <dd>{pages}</dd>
          </div>
        )}
      </dl>
      {printed && printed.length > 0 && (
        <PrintedPages pages={printed} title={poem.title || 'Untitled'} bookTitle={publication?.title ?? ''} />
      )}
    </section>
  );
}

/** The printed pages given with the page, else fetched once the poem is on screen (a step inside the book). */
function usePrintedPages(poem: Poem, given: PoemPage[] | undefined): PoemPage[] | undefined {
  const [fetched, setFetched] = useState<{ id: number; pages: PoemPage[] } | undefined>(undefined);
  useEffect(() => {
    if (given) return;
    let live = true;
    void loadPrintedPages(poem.slug || String(poem.id)).then((pages) => live && setFetched({ id: poem.id, pages }));
    return () => {
      live = false;
    };
  }, [poem.id, poem.slug, given]);
  return given ?? (fetched?.id === poem.id ? fetched.pages : undefined);
}

/**
 * "See the printed page": a link to the first photo, which with the script opens every photo in
 * the viewer (its code loads on the first click).
 */
/** Whether the reader keeps the printed page open beside the text: stepping to the next poem shows its page there too. */
let sideKeptOpen = false;

function PrintedPages({ pages, title, bookTitle }: { pages: PoemPage[]; title: string; bookTitle: string }) {
  type Open = { view: typeof import('./printed-pages-viewer.js'); mode: ViewerMode; focus: boolean; opened: number };
  const [viewer, setViewer] = useState<Open | null>(null);
  const link = useRef<HTMLAnchorElement>(null);
  const open = (focus: boolean) => {
    const mode: ViewerMode = window.matchMedia(SIDE_BY_SIDE_QUERY).matches ? 'side' : 'dialog';
    sideKeptOpen = mode === 'side';
    void import('./printed-pages-viewer.js').then((view) => setViewer((v) => ({ view, mode, focus, opened: (v?.opened ?? 0) + 1 })));
  };
  useEffect(() => {
    if (sideKeptOpen && window.matchMedia(SIDE_BY_SIDE_QUERY).matches) open(false);
  }, []);
  const close = () => {
    sideKeptOpen = false;
    // Back to the link that opened it (a closing dialog puts focus back by itself).
    if (viewer?.mode === 'side') link.current?.focus();
    setViewer(null);
  };
  return (
    <>
      <a
        ref={link}
        className="button button-outline printed-open"
        href={pages[0]!.url}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          open(true);
        }}
      >
        See the printed page{pages.length > 1 ? 's' : ''}
      </a>
      {viewer && (
        <viewer.view.PrintedPagesViewer
          key={viewer.opened}
          pages={pages}
          title={title}
          bookTitle={bookTitle}
          mode={viewer.mode}
          focus={viewer.focus}
          onClose={close}
        />
      )}
    </>
  );
}
