import { matchPage, type PageRoute } from '../../../contracts/reader-routes.js';

/** The reader's routes that load client-side (SPEC section 2, Public). */
export type RouteMatch = Exclude<PageRoute, { route: 'index' } | { route: 'search' }>;

/** A route the reader loads in place; null for anything else, the indexes and search included, which the server renders on a full page load. */
export function matchRoute(pathname: string): RouteMatch | null {
  const match = matchPage(pathname);
  return match === null || match.route === 'index' || match.route === 'search' ? null : match;
}

const enc = encodeURIComponent;

/** Addresses of the reader's pages, from slugs (or ids where an item has none). */
export const paths = {
  publication: (ref: string) => `/publication/${enc(ref)}`,
  /** A poem read inside its book: the poem's one canonical address. */
  bookPoem: (publicationRef: string, poemRef: string) => `/publication/${enc(publicationRef)}/${enc(poemRef)}`,
  index: (kind: 'first-lines' | 'titles', publicationRef?: string) =>
    publicationRef === undefined ? `/index/${kind}` : `/publication/${enc(publicationRef)}/index/${kind}`,
};
