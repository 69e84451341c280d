/** Seconds a client is asked to wait (Retry-After) when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 15;
export const DATABASE_UNAVAILABLE = 'DATABASE_UNAVAILABLE';
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The archive cannot reach its database right now. Nothing has been lost; please try again in a moment.';

// Socket-level failures of the connection to PostgreSQL (node-postgres passes them through).
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// SQLSTATEs of a server that is going away, not taking connections or not answering in time:
// class 08 (connection exception), admin/crash shutdown, "cannot connect now" (starting up,
// recovering), too many connections, a statement cancelled by statement_timeout (a hung query),
// a session ended by idle_in_transaction_session_timeout.
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);
// node-postgres raises these as plain Errors, without a code ("Query read timeout": no answer to a
// statement within query_timeout).
const DRIVER_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Cannot use a pool after calling end|Query read timeout)/;

/**
 * Whether an error means "the database is not reachable now" rather than "this request is
 * wrong": such failures answer 503 with Retry-After instead of 500. TypeORM wraps the driver's
 * error (driverError), and a pool may wrap it again (cause), so the chain is followed.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08/.test(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
    if ((current as AggregateError).errors?.some?.((e) => isDatabaseUnavailable(e))) return true;
    current = (current as { driverError?: unknown }).driverError ?? (current as { cause?: unknown }).cause;
  }
  return false;
}
