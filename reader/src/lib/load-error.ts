import type { LoadError } from '../../../src/site/reader-contract.js';

export type ErrorVariant = 'database_error' | 'network_error' | 'server_error';

/**
 * The retry panel's variant (SPEC section 2, Home): a 500 answer points at the database, a
 * failed fetch or a type error at the network, anything else at the server.
 */
export function errorVariant(error: LoadError): ErrorVariant {
  if (error.status === 500) return 'database_error';
  if (error.typeError || /fetch/i.test(error.message)) return 'network_error';
  return 'server_error';
}

/** Turns whatever a fetch threw into the plain data a page state can carry. */
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
