/**
 * Migrations on PostgreSQL are not held to the request-sized waits (a statement 5 s): building an
 * index over a grown archive may take minutes, and a start cut off by the limit would leave the
 * archive down. Made for real: another session locks the migrations table for longer than a
 * statement may take, and the archive still opens, migrated. Requests still get their limits.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/app-config.js';
import { openDataSource } from '../../src/database/database.module.js';
import { POSTGRES_WAITS } from '../../src/database/postgres-waits.js';
import { createScratchDatabase } from '../support/worker-process/scan-helpers.js';

describe('migrations on PostgreSQL', () => {
  let db: { url: string; drop: () => Promise<void> };

  beforeAll(async () => {
    db = await createScratchDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('run to the end when one waits longer than a request may, while requests keep their limit', async () => {
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    // The table TypeORM keeps its applied migrations in, held by a transaction for longer than a statement may wait.
    await holder.query('CREATE TABLE migrations (id SERIAL PRIMARY KEY, "timestamp" bigint NOT NULL, name varchar NOT NULL)');
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE migrations IN ACCESS EXCLUSIVE MODE');
    const heldMs = POSTGRES_WAITS.statementMs + 2_000;
    const release = setTimeout(() => void holder.query('COMMIT'), heldMs);
    const started = Date.now();
    const dataSource = await openDataSource(loadConfig({ DATABASE_URL: db.url, NODE_ENV: 'production' }));
    try {
      expect(Date.now() - started).toBeGreaterThanOrEqual(heldMs - 100);
      const applied = await dataSource.query('SELECT count(*)::int AS n FROM migrations');
      expect(applied[0].n).toBe(dataSource.migrations.length);
      expect(await dataSource.showMigrations()).toBe(false);
      // The archive's own connections still cut a statement off at its limit.
      const [{ statement_timeout }] = await dataSource.query('SHOW statement_timeout');
      expect(statement_timeout).toBe(`${POSTGRES_WAITS.statementMs / 1000}s`);
    } finally {
      clearTimeout(release);
      await dataSource.destroy();
      await holder.end();
    }
  });
});
