import { ApiError, errorFromResponse } from '../../../contracts/errors.js';
import { HTTP_TIMEOUT_MS } from '../constants.js';
import { browserCsrfSources, findCsrfToken, type CsrfSources } from './csrf.js';

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
  /**
   * Off for calls whose caller handles 401/403 itself (login, auth check, wizard uploads): their
   * errors are marked so the auth provider's checkError does not log the admin out as well.
   */
  sessionExpiry?: boolean;
}

export type HttpClient = <T = unknown>(url: string, options?: RequestOptions) => Promise<HttpResponse<T>>;

export interface HttpClientDeps {
  fetch: typeof fetch;
  csrf: CsrfSources;
  log: Pick<Console, 'warn' | 'error'>;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CALLER_HANDLES_AUTH = Symbol('callerHandlesAuth');

/** True for an error whose request asked to handle an expired session itself. */
export function callerHandlesAuth(error: unknown): boolean {
  return !!error && typeof error === 'object' && CALLER_HANDLES_AUTH in error;
}

/** API paths end in a slash (SPEC section 7). */
export function withTrailingSlash(url: string): string {
  const at = url.indexOf('?');
  const [path, query] = at < 0 ? [url, undefined] : [url.slice(0, at), url.slice(at + 1)];
  const fixed = path.endsWith('/') ? path : `${path}/`;
  return query === undefined ? fixed : `${fixed}?${query}`;
}

/**
 * fetch for the API: credentials, the CSRF header (and form field on uploads), JSON bodies, a
 * timeout, and every failure as an ApiError (status 0 when the server was not reached).
 */
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
    } else if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers.set('Content-Type', 'application/json');
    } else if (method !== 'GET') {
      headers.set('Content-Type', 'application/json');
    }

    const timeout = AbortSignal.timeout(options.timeoutMs ?? HTTP_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const fail = (error: ApiError): never => {
      if (options.sessionExpiry === false) Object.defineProperty(error, CALLER_HANDLES_AUTH, { value: true });
      throw error;
    };

    let response: Response;
    try {
      response = await deps.fetch(withTrailingSlash(url), { method, headers, body, credentials: 'include', signal });
    } catch (err) {
      if (options.signal?.aborted) throw err;
      if (timeout.aborted) {
        deps.log.warn(`${method} ${url} timed out after ${options.timeoutMs ?? HTTP_TIMEOUT_MS} ms`);
        return fail(new ApiError(`Request timed out: ${url}`, 0, { timeout: true }));
      }
      const reason = err instanceof Error ? err.message : String(err);
      deps.log.error(`Network error on ${method} ${url}: the backend may be unavailable (${reason})`);
      return fail(new ApiError(`Network error: failed to fetch ${url}`, 0, null));
    }

    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!response.ok) {
      const error = errorFromResponse(response.status, response.statusText, json);
      if (response.status >= 500) deps.log.error(`Server error ${response.status} on ${method} ${url}: ${error.message}`);
      return fail(error);
    }
    return { status: response.status, headers: response.headers, body: text, json: json as T };
  };
}

export const httpClient: HttpClient = createHttpClient({
  fetch: (...args) => fetch(...args),
  csrf: browserCsrfSources,
  log: console,
});
