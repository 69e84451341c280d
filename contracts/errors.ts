/**
 * How the API answers a failure, and the one helper the admin and the reader read it with.
 * Every error is JSON carrying the human message in `message`, `error` and `detail` (the spec's
 * screens read each of them somewhere), a stable `code` for domain errors, and sometimes details.
 */

export interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
  detail: string;
  /** Stable code of a domain error, e.g. CATALOG.PUBLICATION_NOT_FOUND. */
  code?: string;
  [detail: string]: unknown;
}

/** An HTTP failure as a client sees it; `status` 0 means the server was not reached. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Whether a request failed without reaching the server (status 0). A function rather than a getter
 * of ApiError, so the reader's first load, which never asks, leaves it out.
 */
export function isNetworkError(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0;
}

type Field = 'error' | 'message' | 'detail';

function fieldOf(body: unknown, name: Field): string | undefined {
  if (body && typeof body === 'object' && name in body) {
    const value = (body as Record<string, unknown>)[name];
    if (typeof value === 'string' && value.trim()) return value;
    if (Array.isArray(value) && value.length && typeof value[0] === 'string') return value.join(' ');
  }
  return undefined;
}

/** One named text field of the server's answer to a failed request ("the server's error field"). */
export function serverField(err: unknown, name: Field): string | undefined {
  return err instanceof ApiError ? fieldOf(err.body, name) : undefined;
}

/** The best human text the server gave: error, then detail, then message. */
export function serverText(err: unknown): string | undefined {
  return serverField(err, 'error') ?? serverField(err, 'detail') ?? serverField(err, 'message');
}

/** The stable code of a domain error, when the server sent one. */
export function serverCode(err: unknown): string | undefined {
  const body = err instanceof ApiError ? err.body : undefined;
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** The error for a non-2xx answer, its message read from the body when it has one. */
export function errorFromResponse(status: number, statusText: string, body: unknown): ApiError {
  const message = fieldOf(body, 'error') ?? fieldOf(body, 'detail') ?? fieldOf(body, 'message') ?? (statusText || `HTTP ${status}`);
  return new ApiError(message, status, body);
}

/** Why a load failed, as plain data a server-rendered page state can carry. */
export interface LoadError {
  /** HTTP status when there was an answer; absent (or 0) when the server was not reached. */
  status?: number;
  message: string;
  /** True for the TypeError that fetch throws when the network is down. */
  typeError?: boolean;
}

/** Turns whatever a request threw into a LoadError. */
export function toLoadError(error: unknown): LoadError {
  if (error && typeof error === 'object') {
    const e = error as { status?: unknown; message?: unknown; name?: unknown };
    return {
      status: typeof e.status === 'number' ? e.status : undefined,
      message: typeof e.message === 'string' && e.message ? e.message : 'Unknown error',
      typeError: error instanceof TypeError || e.name === 'TypeError' || undefined,
    };
  }
  return { message: String(error) };
}

export type ErrorVariant = 'database_error' | 'network_error' | 'server_error';

/**
 * The retry panel's variant (SPEC section 2, Home): a 500 answer points at the database, a
 * failed fetch or a type error at the network, anything else at the server. A 503 is the
 * server saying outright that its database is unreachable (it answers 500 only for bugs).
 */
export function errorVariant(failure: unknown): ErrorVariant {
  const error = failure instanceof Error || !isLoadError(failure) ? toLoadError(failure) : failure;
  if (error.status === 500 || error.status === 503) return 'database_error';
  if (error.typeError || error.status === 0 || /fetch/i.test(error.message)) return 'network_error';
  return 'server_error';
}

function isLoadError(value: unknown): value is LoadError {
  return !!value && typeof value === 'object' && typeof (value as LoadError).message === 'string';
}
