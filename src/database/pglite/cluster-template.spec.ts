import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clusterTemplate, holdsCluster } from './cluster-template.js';
import { pgliteDriver } from './pglite-driver.js';

const run = async (dataDir: string | undefined, sql: string) => {
  const { Pool } = pgliteDriver(dataDir);
  const pool = new Pool();
  try {
    return (await pool.query(sql)).rows;
  } finally {
    await new Promise<void>((resolve) => pool.end(() => resolve()));
  }
};

describe('new embedded databases from a copy of an untouched one', () => {
  it('starts a database in a new folder from the copy, and opens it again as it was left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'archive-cluster-'));
    expect(holdsCluster(dir)).toBe(false);
    await run(dir, "CREATE TABLE books (title text); INSERT INTO books VALUES ('Songs of the Harbour')");
    expect(holdsCluster(dir)).toBe(true);
    // Opened again, the folder's own cluster is read, not a fresh copy over it.
    expect(await run(dir, 'SELECT title FROM books')).toEqual([{ title: 'Songs of the Harbour' }]);
  }, 60_000);

  it('gives every database in memory a cluster of its own, with nothing of another', async () => {
    await run(undefined, 'CREATE TABLE drafts (id int)');
    expect(await run(undefined, "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'drafts'")).toEqual([{ n: 0 }]);
    expect(await run(undefined, 'SELECT current_database() AS db')).toEqual([{ db: 'postgres' }]);
  }, 60_000);

  it('keeps the copy in node_modules/.cache for the next process', async () => {
    const copy = await clusterTemplate();
    const cache = join('node_modules', '.cache', 'poetry-archive');
    const kept = readdirSync(cache).filter((f) => /^pglite-\d+-\d+\.tar$/.test(f));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.map((f) => statSync(join(cache, f)).size)).toContain(copy.size);
  });
});
