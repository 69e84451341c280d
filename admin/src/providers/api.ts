import type { Identifier } from 'react-admin';
import type { HttpClient } from './http-client.js';

export const API_BASE = '/api';

/** The archive API as the per-resource providers call it: paths under /api, JSON in and out. */
export interface Api {
  http: HttpClient;
  get<T>(path: string, signal?: AbortSignal): Promise<T>;
  send<T>(method: string, path: string, body?: unknown, sessionExpiry?: boolean): Promise<T>;
}

export function createApi(http: HttpClient): Api {
  return {
    http,
    get: async <T>(path: string, signal?: AbortSignal) => (await http<T>(`${API_BASE}${path}`, { signal })).json,
    send: async <T>(method: string, path: string, body?: unknown, sessionExpiry?: boolean) =>
      (await http<T>(`${API_BASE}${path}`, { method, body, sessionExpiry })).json,
  };
}

/**
 * Only the fields the API takes (react-admin's forms send the whole record). react-admin turns an
 * emptied input into null; the API's text fields want '' and its lists [].
 */
export function pick<T extends object, K extends keyof T>(data: Partial<T>, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = data[key];
    if (value === undefined) continue;
    out[key as string] = value === null ? (key === 'authors' || key === 'page_numbers' ? [] : '') : value;
  }
  return out as Partial<Pick<T, K>>;
}

export function query(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Total from X-Total-Count or Content-Range, else the body's count, else the page's length. */
export function totalOf(headers: Headers, json: unknown, length: number): number {
  const xTotal = headers.get('x-total-count');
  if (xTotal && Number.isFinite(Number(xTotal))) return Number(xTotal);
  const fromRange = Number(headers.get('content-range')?.split('/').pop());
  if (Number.isFinite(fromRange)) return fromRange;
  const count = json && typeof json === 'object' ? (json as { count?: unknown }).count : undefined;
  return typeof count === 'number' ? count : length;
}

export const seg = (id: Identifier) => encodeURIComponent(String(id));
