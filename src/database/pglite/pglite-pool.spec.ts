import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDriver } from './pglite-driver.js';
import type { PGlitePool } from './pglite-pool.js';

describe('PGlitePool named statements', () => {
  let pool: PGlitePool;
  const read = {
    name: 'test.read-book',
    text: 'SELECT id, title, json_build_object($2::text, count) AS extra, made FROM books WHERE id = $1',
  };

  beforeAll(async () => {
    const { Pool } = pgliteDriver();
    pool = new Pool();
    await pool.query(`CREATE TABLE books (id int PRIMARY KEY, title text, count int, made timestamptz);
      INSERT INTO books VALUES (1, 'First', 3, '2020-01-02T03:04:05Z'), (2, 'Second', 5, NULL)`);
    // Starting PGlite (WebAssembly) took over 10 s on the shared 2-core machine under load.
  }, 60_000);
  afterAll(() => new Promise<void>((resolve) => pool.end(() => resolve())));

  it('answers what the plain query answers, values typed alike', async () => {
    const named = await pool.query({ ...read, values: [1, 'poems'] });
    const plain = await pool.query(read.text, [1, 'poems']);
    expect(named.rows).toEqual(plain.rows);
    expect(named.rows).toEqual([{ id: 1, title: 'First', extra: { poems: 3 }, made: new Date('2020-01-02T03:04:05Z') }]);
  });

  it('parses a statement once per session and runs it with each call’s values', async () => {
    expect((await pool.query({ ...read, values: [2, 'lines'] })).rows).toEqual([
      { id: 2, title: 'Second', extra: { lines: 5 }, made: null },
    ]);
    expect((await pool.query({ ...read, values: [3, null] })).rows).toEqual([]);
    const kept = await pool.query("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = 'test.read-book'");
    expect(kept.rows).toEqual([{ n: 1 }]);
  });

  it('rejects a failing statement with PostgreSQL’s message and keeps the session usable', async () => {
    await expect(pool.query({ name: 'test.broken', text: 'SELECT nope FROM books', values: [] })).rejects.toThrow(
      /column "nope" does not exist/,
    );
    await expect(pool.query({ name: 'test.divide', text: 'SELECT 10 / $1::int AS q', values: [0] })).rejects.toThrow(/division by zero/);
    expect((await pool.query({ name: 'test.divide', text: 'SELECT 10 / $1::int AS q', values: [2] })).rows).toEqual([{ q: 5 }]);
    expect((await pool.query({ ...read, values: [1, 'poems'] })).rows).toHaveLength(1);
  });
});
