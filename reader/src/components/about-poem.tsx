import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CITATION_STYLES, citationHtml, citationParts, citationText, type CitedPoem } from '../../../contracts/citation.js';
import { authorsText, formatPublicationDate } from '../../../contracts/format.js';
import type { Poem, PoemPage, Publication, PublicSiteSettings } from '../../../contracts/reader-page.js';
import { loadPrintedPages } from '../lib/api.js';
import { paths } from '../lib/routes.js';
import './about-poem.css';

/** "p. 3", "pp. 3–4" */
function pagesText(pages: number[]): string {
  if (pages.length === 0) return '';
  const sorted = [...pages].sort((a, b) => a - b);
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  return first === last ? `Page ${first}` : `Pages ${first}–${last}`;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'’”]/g;

/**
 * The curator's notes, safely: plain text in paragraphs (a blank line between them), line breaks
 * kept, web addresses as links. Nothing in the notes is read as markup.
 */
export function Notes({ text }: { text: string }) {
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

/** Copies text (and, where the browser takes it, the same as HTML) to the clipboard. */
async function copy(text: string, html?: string): Promise<boolean> {
  try {
    if (html && typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': new Blob([text], { type: 'text/plain' }), 'text/html': new Blob([html], { type: 'text/html' }) })]);
    } else {
      await navigator.clipboard.writeText(text);
    }
    return true;
  } catch {
    return false;
  }
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

export interface PoemInBook {
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

/** The poem's canonical address: inside its book. */
export function poemUrl(poem: Poem, publication: Publication | null, settings: PublicSiteSettings): string {
  const bookRef = publication ? publication.slug || String(publication.id) : String(poem.publication_id);
  return settings.publicUrl + paths.bookPoem(bookRef, poem.slug || String(poem.id));
}

/** Cite, Share and Print under a poem. */
export function PoemActions(props: PoemInBook & { level: 2 | 3 }) {
  const Heading = props.level === 2 ? 'h2' : 'h3';
  const { poem, publication, settings } = props;
  const url = poemUrl(poem, publication, settings);
  const cited = citedPoem(props, url);
  const [status, say] = useStatus();

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
    say((await copy(url)) ? 'Link copied' : `Copy this link: ${url}`);
  };

  return (
    <div className="poem-actions">
      <details className="cite">
        <summary className="button button-outline">Cite</summary>
        <div className="cite-panel">
          <Heading className="cite-title">Cite this poem</Heading>
          <dl className="cite-list">
            {CITATION_STYLES.map(({ style, label }) => (
              <div key={style} className="cite-entry">
                <dt>{label}</dt>
                <dd>
                  <p className="citation" data-style={style}>
                    {citationParts(style, cited).map((part, i) => (part.italic ? <i key={i}>{part.text}</i> : part.text))}
                  </p>
                  <button
                    type="button"
                    className="button button-small"
                    onClick={async () => say((await copy(citationText(style, cited), citationHtml(style, cited))) ? `${label} citation copied` : 'Select the citation to copy it')}
                  >
                    Copy {label}
                  </button>
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </details>
      <button type="button" className="button button-outline" onClick={() => void share()}>
        Share
      </button>
      <button type="button" className="button button-outline" onClick={() => window.print()}>
        Print
      </button>
      <p className="action-status" role="status" aria-live="polite">
        {status}
      </p>
    </div>
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
      {printed && printed.length > 0 && <PrintedPages pages={printed} title={poem.title || 'Untitled'} bookTitle={publication?.title ?? ''} />}
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

const ZOOMS = [1, 1.5, 2, 3];

/**
 * "See the printed page": the photos in a dialog, fitted to the screen, zoomable with buttons,
 * a click on the photo, or the phone's own pinch. Without the script it is a link to the first photo.
 */
function PrintedPages({ pages, title, bookTitle }: { pages: PoemPage[]; title: string; bookTitle: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [zoom, setZoom] = useState(0);
  const label = (page: PoemPage, i: number) =>
    `${page.page_number !== null ? `Page ${page.page_number}` : `Photograph ${i + 1} of ${pages.length}`}${bookTitle ? ` of ${bookTitle}` : ''}, as printed`;
  const zoomBy = (step: number) => setZoom((z) => Math.min(ZOOMS.length - 1, Math.max(0, z + step)));
  return (
    <>
      <a
        className="button button-outline printed-open"
        href={pages[0]!.url}
        onClick={(event) => {
          if (!dialog.current?.showModal) return;
          event.preventDefault();
          setZoom(0);
          dialog.current.showModal();
        }}
      >
        See the printed page{pages.length > 1 ? 's' : ''}
      </a>
      <dialog ref={dialog} className="printed-dialog" aria-labelledby="printed-title">
        <div className="printed-bar">
          <h2 id="printed-title" className="printed-heading">
            {title}: the printed page{pages.length > 1 ? 's' : ''}
          </h2>
          <div className="printed-tools">
            <button type="button" className="button button-small" onClick={() => zoomBy(-1)} disabled={zoom === 0}>
              Zoom out
            </button>
            <span className="zoom-level" aria-live="polite">{`${ZOOMS[zoom]! * 100}%`}</span>
            <button type="button" className="button button-small" onClick={() => zoomBy(1)} disabled={zoom === ZOOMS.length - 1}>
              Zoom in
            </button>
            <button type="button" className="button button-small button-primary" onClick={() => dialog.current?.close()}>
              Close
            </button>
          </div>
        </div>
        <div className="printed-photos">
          {pages.map((page, i) => (
            <figure key={page.id} className="printed-photo">
              <img
                src={page.url}
                alt={label(page, i)}
                loading="lazy"
                style={{ width: `${ZOOMS[zoom]! * 100}%` }}
                onClick={() => setZoom((z) => (z === 0 ? 2 : 0))}
              />
              <figcaption>{label(page, i)}</figcaption>
            </figure>
          ))}
        </div>
      </dialog>
    </>
  );
}
