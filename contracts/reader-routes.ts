/**
 * The reader's addresses (SPEC section 2, Public, and the indexes and search): one table, read by
 * the server to pick the page it renders and by the reader in the browser to follow links without
 * a page load.
 */
import type { IndexKind } from './reader-page.js';

export type PageRoute =
  | { route: 'home' }
  | { route: 'publications' }
  /** The poet: portrait, life dates, biography. */
  | { route: 'about' }
  | { route: 'publication'; ref: string; poem?: string }
  | { route: 'poem'; ref: string }
  | { route: 'index'; kind: IndexKind; ref?: string }
  /** Its words are the address's `q`. */
  | { route: 'search' }
  /** A whole book set for paper: /print/publication/{book}. */
  | { route: 'print'; ref: string };

/** The pages the server renders whole, without the reader app (contracts/reader-page.ts, StaticPageState). */
export type StaticPageRoute = { route: 'recordings' };

/** Every published recording, in book order. */
export const RECORDINGS_PATH = '/recordings';
/** The recordings as a podcast (RSS 2.0 with enclosures). */
export const RECORDINGS_FEED_PATH = '/recordings/feed.xml';

/** The static page an address path names, with or without a trailing slash; null for any other path. */
export function matchStaticPage(pathname: string): StaticPageRoute | null {
  return pathname.replace(/\/+$/, '') === RECORDINGS_PATH ? { route: 'recordings' } : null;
}

const INDEX_KINDS: readonly string[] = ['first-lines', 'titles'] satisfies IndexKind[];

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The page an address path names, with or without a trailing slash; null for any other path. */
export function matchPage(pathname: string): PageRoute | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || path === '') return { route: 'home' };
  if (path === '/publications') return { route: 'publications' };
  if (path === '/about') return { route: 'about' };
  if (path === '/search') return { route: 'search' };
  const segments = path.slice(1).split('/');
  if (segments.some((s) => s === '')) return null;
  const [first, ref, third, fourth, ...rest] = segments;
  if (first === 'print') {
    const book = ref === 'publication' && third !== undefined && fourth === undefined && rest.length === 0 ? decode(third) : null;
    return book === null ? null : { route: 'print', ref: book };
  }
  if (first === 'index')
    return ref !== undefined && third === undefined && INDEX_KINDS.includes(ref) ? { route: 'index', kind: ref as IndexKind } : null;
  if ((first !== 'publication' && first !== 'poem') || ref === undefined || rest.length > 0) return null;
  const decoded = decode(ref);
  if (decoded === null) return null;
  if (first === 'poem') return third === undefined ? { route: 'poem', ref: decoded } : null;
  if (third === undefined) return { route: 'publication', ref: decoded };
  if (fourth !== undefined) {
    return third === 'index' && INDEX_KINDS.includes(fourth) ? { route: 'index', kind: fourth as IndexKind, ref: decoded } : null;
  }
  const poem = decode(third);
  return poem === null ? null : { route: 'publication', ref: decoded, poem };
}
