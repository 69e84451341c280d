/**
 * Client-side loads after the first page (SPEC section 7 API). The first page never calls
 * these: its data arrives in the server's JSON data block.
 */
import { asList } from '../../../contracts/catalog.js';
import { errorFromResponse, toLoadError } from '../../../contracts/errors.js';
import {
  contentsEntryOf,
  POEM_NOT_FOUND,
  poemIndexOf,
  type Load,
  type PageState,
  type Poem,
  type PoemData,
  type PoemPage,
  type Publication,
  type ReaderData,
} from '../../../contracts/reader-page.js';
import type { RouteMatch } from './routes.js';

export async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw errorFromResponse(res.status, res.statusText, body);
  }
  return (await res.json()) as T;
}

const enc = encodeURIComponent;

async function settle<T>(work: Promise<T>): Promise<Load<T>> {
  try {
    return { state: 'ready', data: await work };
  } catch (error) {
    return { state: 'error', error: toLoadError(error) };
  }
}

export function loadPublications(): Promise<Load<Publication[]>> {
  return settle(getJson<unknown>('/api/publications/').then((v) => asList<Publication>(v)));
}

export function loadReader(ref: string): Promise<Load<ReaderData>> {
  return settle(
    Promise.all([
      getJson<Publication>(`/api/publications/${enc(ref)}/`),
      getJson<unknown>(`/api/publications/${enc(ref)}/poems/`).then((v) => asList<Poem>(v)),
    ]).then(([publication, poems]) => ({ publication, contents: poems.map(contentsEntryOf), poems, printed_pages: {} })),
  );
}

/** Texts asked for while reading a book, so each is fetched once; a failed fetch is forgotten. */
const texts = new Map<string, Promise<Poem | null>>();

/** A poem's text by its slug or id, or null when it cannot be had (the caller lets the server answer its address). */
export function loadPoemText(ref: string): Promise<Poem | null> {
  let text = texts.get(ref);
  if (!text) {
    text = getJson<Poem>(`/api/poems/${enc(ref)}/`).catch(() => {
      texts.delete(ref);
      return null;
    });
    texts.set(ref, text);
  }
  return text;
}

/** The photos of a published poem's printed pages; none when they cannot be had (the poem shows without them). */
export function loadPrintedPages(ref: string): Promise<PoemPage[]> {
  return getJson<unknown>(`/api/poems/${enc(ref)}/printed_pages/`)
    .then((v) => asList<PoemPage>(v))
    .catch(() => []);
}

export function loadPoem(ref: string): Promise<Load<PoemData>> {
  return settle(
    getJson<Poem>(`/api/poems/${enc(ref)}/`).then(async (poem) => ({
      poem,
      publication: poem.publication_id ? await getJson<Publication>(`/api/publications/${poem.publication_id}/`).catch(() => null) : null,
    })),
  );
}

export function loadingState(match: RouteMatch): PageState {
  switch (match.route) {
    case 'home':
    case 'publications':
      return { route: match.route, list: { state: 'loading' } };
    case 'publication':
      return { route: 'publication', ref: match.ref, poem: match.poem, reader: { state: 'loading' } };
    case 'poem':
      return { route: 'poem', ref: match.ref, poem: { state: 'loading' } };
  }
}

export async function loadPage(match: RouteMatch): Promise<PageState> {
  switch (match.route) {
    case 'home':
    case 'publications':
      return { route: match.route, list: await loadPublications() };
    case 'publication': {
      let reader = await loadReader(match.ref);
      // A book address naming a poem the book does not hold is a missing poem, not the contents.
      if (match.poem !== undefined && reader.state === 'ready' && poemIndexOf(reader.data.contents, match.poem) < 0) {
        reader = { state: 'error', error: POEM_NOT_FOUND };
      }
      return { route: 'publication', ref: match.ref, poem: match.poem, reader };
    }
    case 'poem':
      return { route: 'poem', ref: match.ref, poem: await loadPoem(match.ref) };
  }
}
