import type { EntityManager } from 'typeorm';

/** A read that pages make on every view: its SQL and the name PostgreSQL keeps it under. */
export interface PreparedStatement {
  /** Unique per text: a connection that has prepared the name runs it without parsing it again. */
  name: string;
  text: string;
}

/** One run of a prepared statement, in the form node-postgres's QueryConfig takes it. */
export interface NamedQuery extends PreparedStatement {
  values: unknown[];
}

/** The part of node-postgres's pool this needs (TypeORM's postgres driver keeps one as `master`; PGlitePool has it too). */
interface PgPool {
  query(config: NamedQuery): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a prepared statement and answers its rows. It is a named prepared statement on TypeORM's
 * own pool (node-postgres's, or the embedded PGlite's, which takes the same form), parsed and
 * planned once per connection: TypeORM's query() sends unnamed statements, which PostgreSQL plans
 * anew on every call, and for a book page's read that was more than half of the database's work
 * (bench/public-read-bench.mjs). Inside a transaction its own connection runs the plain text.
 */
export async function runPrepared<Row>(manager: EntityManager, statement: PreparedStatement, values: unknown[]): Promise<Row[]> {
  const pool = (manager.connection.driver as unknown as { master?: unknown }).master;
  if (manager.queryRunner || !pool) return (await manager.query(statement.text, values)) as Row[];
  const result = await (pool as PgPool).query({ name: statement.name, text: statement.text, values });
  return result.rows as Row[];
}
