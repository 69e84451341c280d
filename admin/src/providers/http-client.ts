import { HTTP_TIMEOUT_MS } from '../constants.js';
import { ApiError, serverDetailField, serverErrorField } from './api-error.js';
import { browserCsrfSources, findCsrfToken, type CsrfSources } from './csrf.js';
import { browserEnv, handleSessionExpiry, type BrowserEnv } from './session.js';

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

export interface RequestOptions {
  method?: string;
  /** A plain object is sent as JSON; FormData as multipart with the CSRF field added. */
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Off for calls whose caller handles 401/403 itself (login, auth check, wizard uploads). */
  sessionExpiry?: boolean;
}

export type HttpClient = <T = unknown>(url: string, options?: RequestOptions) => Promise<HttpResponse<T>>;

export interface HttpClientDeps {
  fetch: typeof fetch;
  csrf: CsrfSources;
  env: BrowserEnv;
  log: Pick<Console, 'warn' | 'error'>;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** API paths end in a slash (SPEC section 7); ra-data-simple-rest builds them without one. */
export function withTrailingSlash(url: string): string {
  const [path, query] = splitOnce(url, '?');
  const fixed = path.endsWith('/') ? path : `${path}/`;
  return query === undefined ? fixed : `${fixed}?${query}`;
}

function splitOnce(value: string, sep: string): [string, string | undefined] {
  const at = value.indexOf(sep);
  return at < 0 ? [value, undefined] : [value.slice(0, at), value.slice(at + 1)];
}

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  return async function request<T>(url: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers = new Headers(options.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');

    const token = findCsrfToken(deps.csrf);
    if (token) headers.set('X-CSRFToken', token);
    else if (WRITE_METHODS.has(method)) deps.log.error(`CRITICAL: no CSRF token for ${method} ${url}; the server will refuse it`);
    else deps.log.warn(`No CSRF token available for ${method} ${url}`);

    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
      if (token && !options.body.has('csrfmiddlewaretoken')) options.body.append('csrfmiddlewaretoken', token);
    } else if (typeof options.body === 'string') {
      body = options.body;
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers.set('Content-Type', 'application/json');
    } else if (!headers.has('Content-Type') && method !== 'GET') {
      headers.set('Content-Type', 'application/json');
    }

    const timeout = AbortSignal.timeout(options.timeoutMs ?? HTTP_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

    let response: Response;
    try {
      response = await deps.fetch(withTrailingSlash(url), { method, headers, body, credentials: 'include', signal });
    } catch (err) {
      if (options.signal?.aborted) throw err;
      if (timeout.aborted) {
        deps.log.warn(`${method} ${url} timed out after ${options.timeoutMs ?? HTTP_TIMEOUT_MS} ms`);
        throw new ApiError(`Request timed out: ${url}`, 0, { timeout: true });
      }
      const reason = err instanceof Error ? err.message : String(err);
      deps.log.error(`Network error on ${method} ${url}: the backend may be unavailable (${reason})`);
      throw new ApiError(`Network error: failed to fetch ${url}`, 0, null);
    }

    const text = await response.text();
    let json: unknown = null;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
    }

    if (!response.ok) {
      const message = serverErrorField(new ApiError('', 0, json)) ?? serverDetailField(new ApiError('', 0, json))
        ?? (json && typeof json === 'object' && typeof (json as { message?: unknown }).message === 'string'
          ? (json as { message: string }).message
          : response.statusText || `HTTP ${response.status}`);
      const error = new ApiError(message, response.status, json);
      if (response.status >= 500) deps.log.error(`Server error ${response.status} on ${method} ${url}: ${message}`);
      if ((response.status === 401 || response.status === 403) && options.sessionExpiry !== false) {
        handleSessionExpiry(serverDetailField(error) ?? serverErrorField(error), deps.env);
      }
      throw error;
    }
    return { status: response.status, headers: response.headers, body: text, json: json as T };
  };
}

export const httpClient: HttpClient = createHttpClient({
  fetch: (...args) => fetch(...args),
  csrf: browserCsrfSources,
  env: browserEnv,
  log: console,
});
