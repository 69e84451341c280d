import { useCallback, useEffect, useRef, useState } from 'react';
import {
  pageLanguage,
  poemAt,
  poemIndexOf,
  type Load,
  type PageState,
  type Poem,
  type PublicSiteSettings,
  type ReaderData,
} from '../../contracts/reader-page.js';
import { refOf } from '../../contracts/format.js';
import { NavigateContext } from './components/navigation.js';
import { loadingState, loadPage, loadPoemText } from './lib/api.js';
import { matchRoute, type RouteMatch } from './lib/routes.js';
import { AboutPage } from './routes/about.js';
import { HomePage } from './routes/home.js';
import { IndexPage } from './routes/index-page.js';
import { PoemPage } from './routes/poem-page.js';
import { PublicationReaderPage } from './routes/publication-reader.js';
import { PublicationsPage } from './routes/publications.js';
import { SearchPage } from './routes/search.js';
import { fullLoadPages } from './routes/full-load-pages.js';

export function Page({ page, settings }: { page: PageState; settings: PublicSiteSettings }) {
  switch (page.route) {
    case 'home':
      return <HomePage list={page.list} settings={settings} />;
    case 'publications':
      return <PublicationsPage list={page.list} settings={settings} />;
    case 'about':
      return <AboutPage settings={settings} />;
    case 'publication':
      // Keyed by the book, not the poem: moving between its poems keeps the reader (and focus).
      return <PublicationReaderPage key={page.ref} reader={page.reader} poemRef={page.poem} settings={settings} />;
    case 'poem':
      return <PoemPage key={page.ref} poem={page.poem} settings={settings} />;
    case 'index':
      return <IndexPage index={page.index} settings={settings} />;
    case 'search':
      return <SearchPage q={page.q} results={page.results} settings={settings} />;
    case 'print': {
      const BookPrint = fullLoadPages.print!;
      return <BookPrint book={page.book} settings={settings} />;
    }
  }
}

/** The load a page state shows, whatever its route. */
export function loadOf(page: PageState): Load<unknown> {
  switch (page.route) {
    case 'home':
    case 'publications':
      return page.list;
    case 'publication':
      return page.reader;
    case 'poem':
      return page.poem;
    case 'index':
      return page.index;
    case 'search':
      return page.results;
    case 'print':
      return page.book;
    case 'about':
      return { state: 'ready', data: null };
  }
}

/**
 * Another poem (or the contents) of the book already on screen: shown from the data at hand,
 * without a load. Undefined when the match needs a load.
 */
function withinBook(current: PageState, match: RouteMatch): PageState | undefined {
  if (match.route !== 'publication' || current.route !== 'publication' || current.reader.state !== 'ready') return undefined;
  const { publication, contents } = current.reader.data;
  if (![current.ref, publication.slug, String(publication.id)].includes(match.ref)) return undefined;
  if (match.poem !== undefined && poemIndexOf(contents, match.poem) < 0) return undefined;
  return { ...current, poem: match.poem };
}

/** The book a page reads, when it is ready, with the contents index of the poem on screen (-1: the contents). */
function bookOf(page: PageState): { data: ReaderData; view: number } | undefined {
  if (page.route !== 'publication' || page.reader.state !== 'ready') return undefined;
  const { data } = page.reader;
  return { data, view: page.poem === undefined ? -1 : poemIndexOf(data.contents, page.poem) };
}

/** The page with these texts added to its book, if it still shows that book; the same page when nothing is new. */
function withTexts(page: PageState, bookId: number, found: Poem[]): PageState {
  const book = bookOf(page);
  if (!book || book.data.publication.id !== bookId || page.route !== 'publication') return page;
  const { data } = book;
  const added = found.filter((poem) => !data.poems.some((p) => p.id === poem.id) && data.contents.some((c) => c.id === poem.id));
  if (added.length === 0) return page;
  const order = new Map(data.contents.map((c, i) => [c.id, i]));
  const poems = [...data.poems, ...added].sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { ...page, reader: { state: 'ready', data: { ...data, poems } } };
}

/** Texts the reader may ask for next: the poems either side of the one on screen (the first, from the contents). */
function neighbours(page: PageState): string[] {
  const book = bookOf(page);
  if (!book) return [];
  return [book.view - 1, book.view + 1]
    .filter((i) => i >= 0 && i < book.data.contents.length && !poemAt(book.data, i))
    .map((i) => refOf(book.data.contents[i]!));
}

/** What a page's head is built from: its address and load, and for a poem of a book whether its text is at hand. */
function headKey(page: PageState): string {
  const book = bookOf(page);
  const poemShown = book && book.view >= 0 ? (poemAt(book.data, book.view) ? 'text' : 'title') : '';
  return JSON.stringify([
    page.route,
    'ref' in page ? page.ref : '',
    page.route === 'publication' ? page.poem : '',
    loadOf(page).state,
    poemShown,
    page.route === 'search' ? page.q : '',
  ]);
}

/**
 * The reader app. It starts from the page state the server rendered; later navigation between
 * reader routes loads from /api and swaps the page without a full load.
 */
export function App({ initial, settings }: { initial: PageState; settings: PublicSiteSettings }) {
  const [page, setPage] = useState(initial);
  const sequence = useRef(0);
  const hydrated = useRef(false);
  const latest = useRef(page);
  latest.current = page;

  const show = useCallback(async (href: string, push: boolean) => {
    const url = new URL(href, window.location.href);
    const match = url.origin === window.location.origin ? matchRoute(url.pathname) : null;
    if (!match) {
      // Back or Forward onto a page the server renders (an index) replaces the entry it restored.
      if (push) window.location.assign(url.href);
      else window.location.replace(url.href);
      return;
    }
    if (push) window.history.pushState(null, '', url.pathname + url.search + url.hash);
    const mine = ++sequence.current;
    const near = withinBook(latest.current, match);
    if (near) {
      setPage(near);
      // A poem whose text is not at hand shows its title and "Loading poem..." until it arrives;
      // if it cannot be had, the server answers the address instead (it may say why).
      const book = bookOf(near)!;
      if (book.view < 0 || poemAt(book.data, book.view)) return;
      const poem = await loadPoemText(refOf(book.data.contents[book.view]!));
      if (poem) setPage((current) => withTexts(current, book.data.publication.id, [poem]));
      else if (mine === sequence.current) window.location.replace(url.href);
      return;
    }
    setPage(loadingState(match));
    window.scrollTo(0, 0);
    const next = await loadPage(match);
    if (mine === sequence.current) setPage(next);
  }, []);

  const navigate = useCallback((href: string) => void show(href, true), [show]);

  // The next step through a book is ready before it is taken: the texts either side are fetched
  // once the page is on screen (the archive's cached JSON, a kilobyte or two each).
  useEffect(() => {
    const wanted = neighbours(page);
    const book = bookOf(page);
    if (!book || wanted.length === 0) return;
    void Promise.all(wanted.map(loadPoemText)).then((found) =>
      setPage((current) =>
        withTexts(
          current,
          book.data.publication.id,
          found.filter((p): p is Poem => p !== null),
        ),
      ),
    );
  }, [page]);

  useEffect(() => {
    const onPop = () => void show(window.location.href, false);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [show]);

  // A new page takes focus so screen readers announce it; steps between the poems of one book
  // leave focus to the reader, which moves it itself. (Runs before the effect that marks hydration.)
  const pageKey = page.route === 'publication' ? `publication:${page.ref}` : page;
  const ready = loadOf(page).state !== 'loading';
  useEffect(() => {
    if (hydrated.current && ready) document.getElementById('main')?.focus({ preventScroll: true });
  }, [pageKey, ready]);

  // Screen readers pronounce the page by <html lang>: a book's pages are in the book's language.
  const lang = pageLanguage(page);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  // After in-app navigation the head follows the page (title, description, canonical, cards);
  // texts fetched ahead for the poems either side leave it as it is.
  const head = headKey(page);
  useEffect(() => {
    if (!hydrated.current) {
      hydrated.current = true;
      return;
    }
    // The head builders load on first navigation, keeping them out of the first page's bundle.
    // Imports may settle out of order, so each writes the head of the latest page.
    void import('./lib/seo.js').then(({ buildHead, renderHead }) => {
      for (const el of document.head.querySelectorAll('[data-rh]')) el.remove();
      document.head.insertAdjacentHTML('beforeend', renderHead(buildHead(latest.current, settings), settings));
    });
  }, [head, settings]);

  return (
    <NavigateContext.Provider value={navigate}>
      <Page page={page} settings={settings} />
    </NavigateContext.Provider>
  );
}
