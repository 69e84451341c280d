/**
 * Client-side loads after the first page (SPEC section 7 API). The first page never calls
 * these: its data arrives in the server's JSON data block.
 */
import type { Load, PageState, Poem, PoemData, Publication, ReaderData } from '../../../src/site/reader-contract.js';
import { toLoadError } from './load-error.js';
import type { RouteMatch } from './routes.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
  if (!res.ok) {
    let message = res.statusText || `Request failed with status ${res.status}`;
    try {
      const body = (await res.json()) as { message?: unknown; error?: unknown; detail?: unknown };
      const text = [body.message, body.detail, body.error].find((v) => typeof v === 'string' && v);
      if (typeof text === 'string') message = text;
    } catch {
      // Not JSON: keep the status text.
    }
    throw new ApiError(res.status, message);
  }
  return (await res.json()) as T;
}

/** Lists arrive as an array or as { results: [...] }; anything else is an empty list (SPEC section 3). */
export function asList<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  const results = (value as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? (results as T[]) : [];
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
    ]).then(([publication, poems]) => ({ publication, poems })),
  );
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
      return { route: 'publication', ref: match.ref, reader: { state: 'loading' } };
    case 'poem':
      return { route: 'poem', ref: match.ref, poem: { state: 'loading' } };
  }
}

export async function loadPage(match: RouteMatch): Promise<PageState> {
  switch (match.route) {
    case 'home':
    case 'publications':
      return { route: match.route, list: await loadPublications() };
    case 'publication':
      return { route: 'publication', ref: match.ref, reader: await loadReader(match.ref) };
    case 'poem':
      return { route: 'poem', ref: match.ref, poem: await loadPoem(match.ref) };
  }
}
