import { refOf } from '../../../contracts/format.js';
import type { Poem, Publication, PublicSiteSettings } from '../../../contracts/reader-page.js';
import { matchPage, type PageRoute } from '../../../contracts/reader-routes.js';

/** The reader's routes that load client-side (SPEC section 2, Public). */
export type RouteMatch = Exclude<PageRoute, { route: 'index' } | { route: 'search' } | { route: 'print' } | { route: 'about' }>;

/**
 * A route the reader loads in place; null for anything else, the indexes, search, print editions and
 * the About page included, which the server renders on a full page load (About so that it always
 * shows the memorial as the curators last saved it, not as it was when the tab opened).
 */
export function matchRoute(pathname: string): RouteMatch | null {
  const match = matchPage(pathname);
  return match === null || match.route === 'index' || match.route === 'search' || match.route === 'print' || match.route === 'about'
    ? null
    : match;
}

const enc = encodeURIComponent;

/** Addresses of the reader's pages, from slugs (or ids where an item has none). */
export const paths = {
  publication: (ref: string) => `/publication/${enc(ref)}`,
  /** A poem read inside its book: the poem's one canonical address. */
  bookPoem: (publicationRef: string, poemRef: string) => `/publication/${enc(publicationRef)}/${enc(poemRef)}`,
  /** The whole book set for paper: title page, contents, a poem a page. */
  bookPrint: (publicationRef: string) => `/print/publication/${enc(publicationRef)}`,
  /** The book as an EPUB 3 file. */
  bookEpub: (publicationRef: string) => `/download/${enc(publicationRef)}.epub`,
  index: (kind: 'first-lines' | 'titles', publicationRef?: string) =>
    publicationRef === undefined ? `/index/${kind}` : `/publication/${enc(publicationRef)}/index/${kind}`,
};

export function publicationUrl(s: Pick<PublicSiteSettings, 'publicUrl'>, publication: Pick<Publication, 'slug' | 'id'>): string {
  return `${s.publicUrl}/publication/${encodeURIComponent(refOf(publication))}`;
}

/** The poem's canonical address: inside its book; on its own only when the book is not known. */
export function poemUrl(
  s: Pick<PublicSiteSettings, 'publicUrl'>,
  poem: Pick<Poem, 'slug' | 'id'>,
  publication: Pick<Publication, 'slug' | 'id'> | null,
): string {
  if (publication) return `${publicationUrl(s, publication)}/${encodeURIComponent(refOf(poem))}`;
  return `${s.publicUrl}/poem/${encodeURIComponent(refOf(poem))}`;
}
