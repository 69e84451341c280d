import pg from 'pg';

/**
 * How long the archive waits on PostgreSQL at each step. A database that refuses, drops packets
 * (a black hole) or stops answering mid-query fails the request that met it within seconds, as a
 * 503 with Retry-After (common/database-unavailable.ts), instead of holding the request and its
 * connection: the longest wait is a pool slot plus a connection (5 s) or a statement with no
 * answer (6 s), so every request is answered within 12 s.
 */
export const POSTGRES_WAITS = {
  /** Opening a connection, and waiting for a free one in the pool. */
  connectMs: 5_000,
  /** One statement, cancelled by the server (a lock held elsewhere, a runaway query). The archive's are milliseconds. */
  statementMs: 5_000,
  /** No answer at all to a statement (the network or the server is gone): the connection is dropped. */
  answerMs: 6_000,
  /** A transaction left open and idle (its client hung): the server ends its session and frees its locks. */
  idleInTransactionMs: 60_000,
  /** TCP keepalive probes on idle connections, so a dead peer is noticed even without a statement. */
  keepAliveDelayMs: 10_000,
} as const;

/**
 * node-postgres's client, except that a statement that gets no answer within its time (a dead
 * network) drops the connection: node-postgres reports the timeout but keeps the connection, whose
 * next statement would queue behind the lost one. Dropped, the pool replaces it.
 */
export class DroppingClient extends pg.Client {
  // node-postgres's query has a dozen overloads; only the promise it may answer is looked at.
  override query(...args: unknown[]): never {
    const answer = (super.query as (...a: unknown[]) => unknown).apply(this, args);
    if (answer instanceof Promise) {
      return answer.catch((err: unknown) => {
        if ((err as Error)?.message === 'Query read timeout') this.drop();
        throw err;
      }) as never;
    }
    return answer as never;
  }

  private drop(): void {
    // end() would send a goodbye the dead peer never reads and wait for its answer.
    (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  }
}

/** The node-postgres settings that put those limits on every connection (pool and listeners alike). */
export function postgresConnectionWaits() {
  return {
    connectionTimeoutMillis: POSTGRES_WAITS.connectMs,
    statement_timeout: POSTGRES_WAITS.statementMs,
    query_timeout: POSTGRES_WAITS.answerMs,
    idle_in_transaction_session_timeout: POSTGRES_WAITS.idleInTransactionMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: POSTGRES_WAITS.keepAliveDelayMs,
  };
}
