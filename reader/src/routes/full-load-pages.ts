import type { BookPrintPage } from './book-print.js';
// The pages' styles come with the site's one stylesheet: loaded with their code, they would
// arrive after the server's markup was painted and move it.
import './book-print.css';
// The recordings page is never hydrated (entry-server.tsx renders it alone); its styles come the same way.
import './recordings.css';

/**
 * Pages a visitor reaches only by loading them (never by a step inside the reader), whose code
 * would otherwise weigh on every page: the server bundle registers them at start, the browser
 * loads the one its page needs before hydrating (entry-client.tsx).
 */
export const fullLoadPages: { print?: typeof BookPrintPage } = {};

/** Loads the code of the page the browser is about to hydrate, when it is one of these. */
export async function loadFullLoadPage(route: string): Promise<void> {
  if (route === 'print') fullLoadPages.print ??= (await import('./book-print.js')).BookPrintPage;
}
