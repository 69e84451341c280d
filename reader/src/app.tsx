import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageState, PublicSiteSettings } from '../../contracts/reader-page.js';
import { NavigateContext } from './components/navigation.js';
import { loadingState, loadPage } from './lib/api.js';
import { matchRoute } from './lib/routes.js';
import { HomePage } from './routes/home.js';
import { PoemPage } from './routes/poem-page.js';
import { PublicationReaderPage } from './routes/publication-reader.js';
import { PublicationsPage } from './routes/publications.js';
import { SearchPage } from './routes/search.js';

export function Page({ page, settings }: { page: PageState; settings: PublicSiteSettings }) {
  switch (page.route) {
    case 'home':
      return <HomePage list={page.list} settings={settings} />;
    case 'publications':
      return <PublicationsPage list={page.list} settings={settings} />;
    case 'publication':
      return <PublicationReaderPage key={page.ref} reader={page.reader} settings={settings} />;
    case 'poem':
      return <PoemPage key={page.ref} poem={page.poem} settings={settings} />;
    case 'search':
      return <SearchPage q={page.q} results={page.results} settings={settings} />;
  }
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
      window.location.assign(url.href);
      return;
    }
    if (push) window.history.pushState(null, '', url.pathname + url.search + url.hash);
    const mine = ++sequence.current;
    setPage(loadingState(match));
    window.scrollTo(0, 0);
    const next = await loadPage(match);
    if (mine === sequence.current) setPage(next);
  }, []);

  const navigate = useCallback((href: string) => void show(href, true), [show]);

  useEffect(() => {
    const onPop = () => void show(window.location.href, false);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [show]);

  // After in-app navigation the head follows the page (title, description, canonical, cards),
  // and focus goes to the new page so screen readers announce it.
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
    const loading =
      page.route !== 'search' &&
      (page.route === 'home' || page.route === 'publications' ? page.list : page.route === 'publication' ? page.reader : page.poem).state ===
      'loading';
    if (!loading) document.getElementById('main')?.focus({ preventScroll: true });
  }, [page, settings]);

  return (
    <NavigateContext.Provider value={navigate}>
      <Page page={page} settings={settings} />
    </NavigateContext.Provider>
  );
}
