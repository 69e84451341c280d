/**
 * HTTP status of every domain error code, in one table. Modules add their codes here rather than
 * building error JSON in controllers.
 */
export const DOMAIN_ERROR_STATUS: Record<string, number> = {
  'CATALOG.PUBLICATION_NOT_FOUND': 404,
  'CATALOG.POEM_NOT_FOUND': 404,
  'CATALOG.NOT_IN_TRASH': 409,
  'CATALOG.IN_TRASH': 409,
  // The request named poems that do not match the publication as it is now (stale or foreign ids).
  'CATALOG.POEM_ORDER_MISMATCH': 409,
  'CATALOG.POEMS_NOT_IN_PUBLICATION': 409,
  'SEARCH.QUERY_EMPTY': 400,
  'SEARCH.QUERY_TOO_LONG': 400,
  'EXTRACTION.AI_RATE_LIMITED': 429,
  'EXTRACTION.AI_PAYLOAD_TOO_LARGE': 413,
  'EXTRACTION.AI_PROVIDER_FAILED': 502,
  'EXTRACTION.FAILED': 500,
};

/** A domain error: any Error with a `code` listed above. */
export function domainStatus(err: unknown): number | undefined {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' ? DOMAIN_ERROR_STATUS[code] : undefined;
}
