import pg from 'pg';

/**
 * The PostgreSQL database the suites make their own databases from: TEST_PG_ADMIN_URL, else
 * DATABASE_URL, else the local `test` database (trust auth on this kind of machine).
 */
export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A client connected to PG_ADMIN_URL's database, or to the server's `postgres` database when that
 * one is not made yet (a run given a database name of its own, e.g. `test_mine`).
 */
export async function postgresAdmin(): Promise<pg.Client> {
  try {
    return await connected(PG_ADMIN_URL);
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err; // 3D000: no such database
    const maintenance = new URL(PG_ADMIN_URL);
    maintenance.pathname = '/postgres';
    return connected(maintenance.toString());
  }
}

async function connected(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Databases this test process has made or found, so each suite's reset checks once. */
const ensured = new Set<string>();

/** Makes the database a URL names, if it is not there. */
export async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.replace(/^\//, '');
  if (ensured.has(name)) return;
  const admin = await postgresAdmin();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    ensured.add(name);
  } finally {
    await admin.end();
  }
}
