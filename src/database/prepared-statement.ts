import type { EntityManager } from 'typeorm';
import { PGlitePool } from './pglite/pglite-pool.js';

/** A read that pages make on every view: its SQL and the name PostgreSQL keeps it under. */
export interface PreparedStatement {
  /** Unique per text: a connection that has prepared the name runs it without parsing it again. */
  name: string;
  text: string;
}

/** The part of node-postgres's pool this needs (TypeORM's postgres driver keeps one as `master`). */
interface PgPool {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a prepared statement and answers its rows. On PostgreSQL it is a named prepared statement
 * on TypeORM's own pool, parsed and planned once per connection: TypeORM's query() sends unnamed
 * statements, which PostgreSQL plans anew on every call, and for a book page's read that was more
 * than half of the database's work (bench/public-read-bench.mjs). Embedded PGlite runs in-process
 * and has no named statements to keep, so it runs the text as a plain query; inside a transaction
 * the transaction's own connection runs it the same way.
 */
export async function runPrepared<Row>(manager: EntityManager, statement: PreparedStatement, values: unknown[]): Promise<Row[]> {
  const pool = (manager.connection.driver as unknown as { master?: unknown }).master;
  if (manager.queryRunner || !pool || pool instanceof PGlitePool) return (await manager.query(statement.text, values)) as Row[];
  const result = await (pool as PgPool).query({ name: statement.name, text: statement.text, values });
  return result.rows as Row[];
}
