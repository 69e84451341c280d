/**
 * A database outage is an outage, not a bug: every read and write that needs the database answers
 * 503 with Retry-After (JSON for the API, the reader's retry panel for its pages) within seconds,
 * whether the database refuses, drops every packet (a black hole), or stops answering in the
 * middle of a statement, and everything works again once the database is back, without a restart.
 * Pages the read cache holds keep being served meanwhile.
 *
 * PostgreSQL only: the app reaches it through a TCP proxy this test controls, so the shared server
 * keeps running for everyone else. Embedded PGlite runs inside the API process, so it has no
 * outage separate from the process itself; there is nothing to test there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Poem, Publication } from '../../contracts/catalog.js';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { bodyText } from '../../reader/test-support/html.js';
import pg from 'pg';
import { PublicReadCache } from '../../src/delivery/index.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { ADMIN, csrfAgent, POSTGRES_URL, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';

describe('a PostgreSQL outage', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let staff: TestAgent;
  let pub: Publication;
  let poem: Poem;

  beforeAll(async () => {
    ensureReaderBuilt();
    const direct = new URL(POSTGRES_URL);
    proxy = await startTcpProxy(Number(direct.port || 5432), direct.hostname);
    const proxied = new URL(POSTGRES_URL);
    proxied.port = String(proxy.port);
    t = await startTestApp('postgres', { env: { DATABASE_URL: proxied.toString() } });
    ({ agent: staff } = await staffAgent(t));
    pub = (await staff.post('/api/publications/').send({ title: 'Through the outage' }).expect(201)).body;
    poem = (await staff.post(`/api/publications/${pub.id}/poems/`).send({ title: 'Still here', body: 'a line' }).expect(201)).body;
    await staff.post(`/api/publications/${pub.id}/publish/`).expect(200);
  });
  afterAll(async () => {
    await proxy?.restore().catch(() => undefined);
    await t?.close();
    await proxy?.close();
  });

  function expectUnavailable(res: { status: number; body: Record<string, unknown>; headers: Record<string, string> }) {
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      statusCode: 503,
      code: 'DATABASE_UNAVAILABLE',
      error: expect.stringMatching(/cannot reach its database/),
    });
  }

  it('answers 503 with Retry-After to reads, writes and logins while the database is unreachable, then recovers', async () => {
    const { agent: visitor } = await csrfAgent(t);
    await proxy.cut();
    try {
      // Staff (whose session itself lives in the database), reads and writes.
      expectUnavailable(await staff.get('/api/publications/?admin=true'));
      expectUnavailable(await staff.post('/api/publications/').send({ title: 'Written during the outage' }));
      expectUnavailable(await staff.put(`/api/poems/${poem.id}/`).send({ title: 'Changed' }));
      // Anonymous reads the cache has never seen.
      expectUnavailable(await t.http().get(`/api/publications/${pub.slug}/`));
      expectUnavailable(await t.http().get(`/api/poems/${poem.id}/`));
      // A login is neither a wrong password nor a crash.
      expectUnavailable(await visitor.post('/api/auth/login/').send(ADMIN));
      const health = await t.http().get('/api/health/');
      expect(health.status).toBe(503);
      expect(Number(health.headers['retry-after'])).toBeGreaterThan(0);
      expect(health.body.database).toBe(false);
    } finally {
      await proxy.restore();
    }
    // Back without a restart: the pool connects afresh and nothing written during the outage exists.
    await expect.poll(async () => (await staff.get('/api/publications/?admin=true')).status, { timeout: 30_000, interval: 250 }).toBe(200);
    const titles = (await staff.get('/api/publications/?admin=true').expect(200)).body.map((p: Publication) => p.title);
    expect(titles).toContain('Through the outage');
    expect(titles).not.toContain('Written during the outage');
    expect((await staff.get(`/api/poems/${poem.id}/?admin=true`).expect(200)).body.title).toBe('Still here');
    await visitor.post('/api/auth/login/').send(ADMIN).expect(200);
  });

  it('shows the reader\'s retry panel with 503 and Retry-After on pages, instead of "not found"', async () => {
    await proxy.cut();
    try {
      for (const path of ['/publications?during-outage', `/publication/${pub.slug}`, `/poem/${poem.id}`]) {
        const res = await t.http().get(path).set('Accept', 'text/html');
        expect(res.status, path).toBe(503);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.headers['cache-control']).toBe('no-store');
        const text = bodyText(res.text);
        expect(text, path).toContain('Database Connection Issue');
        expect(text).toContain('Try Again');
        expect(text).not.toMatch(/Not Found/);
      }
    } finally {
      await proxy.restore();
    }
    await expect
      .poll(async () => (await t.http().get(`/publication/${pub.slug}`).set('Accept', 'text/html')).status, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(200);
  });

  /** Longest a request may wait on an unreachable or hung database (src/database/postgres-waits.ts). */
  const WITHIN_MS = 12_000;

  /** Times a request: its answer and how long it took. */
  async function timed<T>(request: PromiseLike<T>): Promise<{ res: T; ms: number }> {
    const started = Date.now();
    const res = await request;
    return { res, ms: Date.now() - started };
  }

  const recovered = () =>
    expect.poll(async () => (await staff.get('/api/publications/?admin=true')).status, { timeout: 30_000, interval: 250 }).toBe(200);

  it('answers 503 within seconds when the database accepts connections but never answers', async () => {
    proxy.hang();
    try {
      const { res, ms } = await timed(staff.get('/api/publications/?admin=true'));
      expectUnavailable(res);
      expect(ms).toBeLessThan(WITHIN_MS);
    } finally {
      await proxy.restore();
    }
    await recovered();
  }, 60_000);

  it('answers every request within seconds while packets to the database are dropped: cached pages 200, the rest 503', async () => {
    // A visitor's view puts the poem page in the read cache (once the change listener is back from the last test).
    const cache = t.app.get(PublicReadCache);
    await expect
      .poll(async () => {
        await t.http().get(`/poem/${poem.id}`).set('Accept', 'text/html').expect(200);
        return cache.fresh(`/poem/${poem.id}`) !== undefined;
      })
      .toBe(true);
    const { agent: visitor } = await csrfAgent(t);
    // The pool's connections are open and idle when the packets start to vanish.
    await staff.get('/api/publications/?admin=true').expect(200);
    proxy.blackhole();
    try {
      const cached = await timed(t.http().get(`/poem/${poem.id}`).set('Accept', 'text/html'));
      expect(cached.res.status).toBe(200);
      expect(cached.ms).toBeLessThan(2_000);
      // Everything at once, as visitors and the curator would keep asking.
      const answers = await Promise.all([
        timed(staff.get('/api/publications/?admin=true')),
        timed(staff.put(`/api/poems/${poem.id}/`).send({ title: 'Lost in the dark' })),
        timed(t.http().get(`/api/publications/${pub.slug}/poems/?during-blackhole`)),
        timed(visitor.post('/api/auth/login/').send(ADMIN)),
        timed(t.http().get('/publications?during-blackhole').set('Accept', 'text/html')),
      ]);
      for (const { res, ms } of answers) {
        expect(res.status, res.text).toBe(503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(ms).toBeLessThan(WITHIN_MS);
      }
      const health = await timed(t.http().get('/api/health/'));
      expect(health.res.status).toBe(503);
      expect(Number(health.res.headers['retry-after'])).toBeGreaterThan(0);
      expect(health.ms).toBeLessThan(WITHIN_MS);
      // The cached page is still served, whatever the change listener has noticed by now.
      for (let i = 0; i < 3; i++) {
        const again = await timed(t.http().get(`/poem/${poem.id}`).set('Accept', 'text/html'));
        expect(again.res.status).toBe(200);
        expect(again.ms).toBeLessThan(2_000);
        await new Promise((r) => setTimeout(r, 2_000));
      }
    } finally {
      await proxy.restore();
    }
    await recovered();
    expect((await staff.get(`/api/poems/${poem.id}/?admin=true`).expect(200)).body.title).toBe('Still here');
  }, 120_000);

  it('drops a connection that stops answering mid-statement and goes on with a new one', async () => {
    // Every pooled connection is busy at once, then all of them fall silent.
    await Promise.all(Array.from({ length: 4 }, () => staff.get('/api/publications/?admin=true').expect(200)));
    proxy.stall();
    const hung = await Promise.all(Array.from({ length: 3 }, () => timed(staff.get('/api/publications/?admin=true'))));
    for (const { res, ms } of hung) {
      // Met a silent connection (503), or one opened after the others were dropped (200).
      expect([200, 503]).toContain(res.status);
      if (res.status === 503) expectUnavailable(res);
      expect(ms).toBeLessThan(WITHIN_MS);
    }
    expect(hung.some(({ res }) => res.status === 503)).toBe(true);
    // The silent connections were dropped and replaced: the archive answers again, the proxy unchanged.
    await recovered();
    await proxy.restore();
  }, 60_000);

  it('answers 503 within seconds to a statement held up by a lock, and frees the connection', async () => {
    // Another session holds every poem: reading one waits until the statement timeout cancels it.
    const holder = new pg.Client({ connectionString: POSTGRES_URL });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE poems IN ACCESS EXCLUSIVE MODE');
      const { res, ms } = await timed(staff.get(`/api/poems/${poem.id}/?admin=true`));
      expectUnavailable(res);
      expect(ms).toBeLessThan(WITHIN_MS);
      await holder.query('ROLLBACK');
    } finally {
      await holder.end();
    }
    expect((await staff.get(`/api/poems/${poem.id}/?admin=true`).expect(200)).body.title).toBe('Still here');
  }, 60_000);
});
