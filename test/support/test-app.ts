import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { createApp } from '../../src/bootstrap.js';
import { loadConfig, type AppConfig } from '../../src/config/app-config.js';
import { ensureDatabase, PG_ADMIN_URL } from './postgres-admin.js';

export type TestAgent = ReturnType<typeof request.agent>;

/** Superagent's parser for a body kept as bytes (a backup, a photo, a recording). */
export function binary(res: unknown, done: (err: Error | null, body: Buffer) => void): void {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

/** GET /api/archive/backup/, its body the backup's bytes. */
export const downloadBackup = (agent: TestAgent) => agent.get('/api/archive/backup/').buffer(true).parse(binary);
export type DbTarget = 'pglite' | 'postgres';

export const ADMIN = { username: 'curator', password: 'correct horse battery staple' };

/**
 * The databases the e2e suites run against: embedded PGlite always, PostgreSQL when DATABASE_URL
 * is set. Under CI a missing DATABASE_URL fails the run instead of quietly testing less.
 */
export function dbTargets(): DbTarget[] {
  if (process.env.DATABASE_URL) return ['pglite', 'postgres'];
  if (process.env.CI === 'true') throw new Error('CI=true but DATABASE_URL is not set: the PostgreSQL adapter would go untested');
  return ['pglite'];
}

/**
 * The one database a scenario runs on when the database is not what it tests (a scan's or an
 * import's flow, a page store, a file format): PostgreSQL, production's, when DATABASE_URL is set,
 * else the embedded PGlite. Files about what the database itself does (queries, transactions,
 * races, backups, sessions) run on both with dbTargets(); running every scenario twice doubled
 * the suite's longest files for no new coverage.
 */
export function scenarioTarget(): DbTarget[] {
  return [dbTargets().at(-1)!];
}

/**
 * The PostgreSQL database of this test worker. Suites run several files at a time (vitest.config.ts)
 * and a suite resets its database, so each worker has its own: DATABASE_URL's database name with
 * the worker's number (`test` becomes `test_w1`, `test_w2`), made on first use.
 */
export const POSTGRES_URL = (() => {
  const url = new URL(process.env.DATABASE_URL ?? PG_ADMIN_URL);
  url.pathname = `${url.pathname}_w${process.env.VITEST_POOL_ID ?? '0'}`;
  return url.toString();
})();

/** Destructive resets only ever touch a database whose name says it is for tests. */
export function assertTestDatabase(url: string): void {
  const name = new URL(url).pathname.replace(/^\//, '');
  if (!/test/i.test(name)) throw new Error(`Refusing to reset database "${name}": its name does not say test`);
}

/** Empties a PostgreSQL test database (made if need be) so migrations run from scratch. */
export async function resetPostgres(url: string): Promise<void> {
  assertTestDatabase(url);
  await ensureDatabase(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  } finally {
    await client.end();
  }
}

export function testConfig(target: DbTarget, env: Record<string, string | undefined> = {}): AppConfig {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'archive-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: 'https://poetry.example.org',
    SECURE_COOKIES: 'false',
    ...env,
    DATA_DIR: dataDir,
    DATABASE_URL: target === 'postgres' ? (env.DATABASE_URL ?? POSTGRES_URL) : undefined,
    REDIS_URL: env.REDIS_URL,
  });
}

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  http: () => TestAgent;
  close: () => Promise<void>;
}

/**
 * The real application, as main.ts builds it, on a fresh database. `persistent` keeps PGlite on
 * disk under DATA_DIR (to test restarts); otherwise PGlite runs in memory.
 */
export async function startTestApp(
  target: DbTarget,
  options: { env?: Record<string, string | undefined>; reset?: boolean; persistent?: boolean } = {},
): Promise<TestApp> {
  const config = testConfig(target, options.env);
  if (target === 'postgres' && options.reset !== false) await resetPostgres(config.databaseUrl!);
  const app = await createApp(config, { inMemory: target === 'pglite' && !options.persistent, logger: ['error'] });
  await app.init();
  const server = app.getHttpServer();
  return { app, config, http: () => request.agent(server), close: () => app.close() };
}

/**
 * Makes an agent a browser-like client: it fetches the CSRF token and sends it with every request
 * after, as the admin's http client does (superagent's agent defaults), so a test writes only what
 * it asks.
 */
export async function withCsrfToken(agent: TestAgent): Promise<{ agent: TestAgent; token: string }> {
  const res = await agent.get('/api/ai_extraction/csrf/').expect(200);
  const token = res.body.csrfToken as string;
  agent.set('X-CSRFToken', token);
  return { agent, token };
}

/** The agent (of a test app or a server process) signed in as the admin, sending its CSRF token itself. */
export async function signInAsAdmin(agent: TestAgent): Promise<{ agent: TestAgent; token: string }> {
  const signedIn = await withCsrfToken(agent);
  await agent.post('/api/auth/login/').send(ADMIN).expect(200);
  return signedIn;
}

/** A visitor's client of the test app, with its CSRF token. */
export const csrfAgent = (t: TestApp) => withCsrfToken(t.http());

/** A client of the test app signed in as the admin. */
export const staffAgent = (t: TestApp) => signInAsAdmin(t.http());

/**
 * The same session (its cookies) without the CSRF header: what a forged cross-site request
 * carries, or a form that sends its token only as a field.
 */
export function withoutCsrfHeader(t: TestApp, agent: TestAgent): TestAgent {
  const bare = t.http();
  (bare as unknown as { jar: unknown }).jar = (agent as unknown as { jar: unknown }).jar;
  return bare;
}

/** Creates a draft publication as the admin and answers its id. */
export async function createPublication(agent: TestAgent, title: string): Promise<number> {
  const res = await agent
    .post('/api/publications/')
    .send({ title, authors: ['Eleanor Whitfield'], publisher: 'Larkspur Press', publication_date: '1987', isbn: '', notes: '' });
  if (res.status !== 200 && res.status !== 201) throw new Error(`creating a publication failed: ${res.status} ${JSON.stringify(res.body)}`);
  return Number(res.body.id);
}
