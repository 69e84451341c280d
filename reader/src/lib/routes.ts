/**
 * The reader's routes that load client-side (SPEC section 2, Public); anything else, the indexes
 * included, is a full page load that the server renders.
 */
export type RouteMatch =
  | { route: 'home' }
  | { route: 'publications' }
  | { route: 'publication'; ref: string; poem?: string }
  | { route: 'poem'; ref: string };

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function matchRoute(pathname: string): RouteMatch | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || path === '') return { route: 'home' };
  if (path === '/publications') return { route: 'publications' };
  const m = /^\/(publication|poem)\/([^/]+)(?:\/([^/]+))?$/.exec(path);
  if (!m) return null;
  const ref = decode(m[2]!);
  if (ref === null) return null;
  if (m[1] === 'poem') return m[3] === undefined ? { route: 'poem', ref } : null;
  if (m[3] === undefined) return { route: 'publication', ref };
  const poem = decode(m[3]);
  return poem === null ? null : { route: 'publication', ref, poem };
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
