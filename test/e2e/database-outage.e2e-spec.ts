/**
 * A database outage is an outage, not a bug: every read and write that needs the database answers
 * 503 with Retry-After (JSON for the API, the reader's retry panel for its pages), and everything
 * works again once the database is back, without a restart.
 *
 * PostgreSQL only: the app reaches it through a TCP proxy this test cuts, so the shared server
 * keeps running for everyone else. Embedded PGlite runs inside the API process, so it has no
 * outage separate from the process itself; there is nothing to test there.
 * (Reads served from the public read cache during an outage are another suite's subject; every
 * request here misses it.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Poem, Publication } from '../../contracts/catalog.js';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { bodyText } from '../../reader/test-support/html.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { ADMIN, csrfAgent, POSTGRES_URL, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';

describe('a PostgreSQL outage', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let staff: TestAgent;
  let token: string;
  let pub: Publication;
  let poem: Poem;

  beforeAll(async () => {
    ensureReaderBuilt();
    const direct = new URL(POSTGRES_URL);
    proxy = await startTcpProxy(Number(direct.port || 5432), direct.hostname);
    const proxied = new URL(POSTGRES_URL);
    proxied.port = String(proxy.port);
    t = await startTestApp('postgres', { env: { DATABASE_URL: proxied.toString() } });
    ({ agent: staff, token } = await staffAgent(t));
    pub = (await staff.post('/api/publications/').set('X-CSRFToken', token).send({ title: 'Through the outage' }).expect(201)).body;
    poem = (await staff.post(`/api/publications/${pub.id}/poems/`).set('X-CSRFToken', token).send({ title: 'Still here', body: 'a line' }).expect(201)).body;
    await staff.post(`/api/publications/${pub.id}/publish/`).set('X-CSRFToken', token).expect(200);
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
    expect(res.body).toMatchObject({ statusCode: 503, code: 'DATABASE_UNAVAILABLE', error: expect.stringMatching(/cannot reach its database/) });
  }

  it('answers 503 with Retry-After to reads, writes and logins while the database is unreachable, then recovers', async () => {
    const { agent: visitor, token: visitorToken } = await csrfAgent(t);
    await proxy.cut();
    try {
      // Staff (whose session itself lives in the database), reads and writes.
      expectUnavailable(await staff.get('/api/publications/?admin=true'));
      expectUnavailable(await staff.post('/api/publications/').set('X-CSRFToken', token).send({ title: 'Written during the outage' }));
      expectUnavailable(await staff.put(`/api/poems/${poem.id}/`).set('X-CSRFToken', token).send({ title: 'Changed' }));
      // Anonymous reads the cache has never seen.
      expectUnavailable(await t.http().get(`/api/publications/${pub.slug}/`));
      expectUnavailable(await t.http().get(`/api/poems/${poem.id}/`));
      // A login is neither a wrong password nor a crash.
      expectUnavailable(await visitor.post('/api/auth/login/').set('X-CSRFToken', visitorToken).send(ADMIN));
      const health = await t.http().get('/api/health/');
      expect(health.status).toBe(503);
      expect(health.body.database).toBe(false);
    } finally {
      await proxy.restore();
    }
    // Back without a restart: the pool connects afresh and nothing written during the outage exists.
    await expect
      .poll(async () => (await staff.get('/api/publications/?admin=true')).status, { timeout: 30_000, interval: 250 })
      .toBe(200);
    const titles = (await staff.get('/api/publications/?admin=true').expect(200)).body.map((p: Publication) => p.title);
    expect(titles).toContain('Through the outage');
    expect(titles).not.toContain('Written during the outage');
    expect((await staff.get(`/api/poems/${poem.id}/?admin=true`).expect(200)).body.title).toBe('Still here');
    await visitor.post('/api/auth/login/').set('X-CSRFToken', visitorToken).send(ADMIN).expect(200);
  });

  it("shows the reader's retry panel with 503 and Retry-After on pages, instead of \"not found\"", async () => {
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
    await expect.poll(async () => (await t.http().get(`/publication/${pub.slug}`).set('Accept', 'text/html')).status, { timeout: 30_000, interval: 250 }).toBe(200);
  });

  it('answers 503 within the connect timeout when the database hangs instead of refusing', async () => {
    proxy.hang();
    const started = Date.now();
    try {
      expectUnavailable(await staff.get('/api/publications/?admin=true'));
      expect(Date.now() - started).toBeLessThan(25_000);
    } finally {
      await proxy.restore();
    }
    await expect.poll(async () => (await staff.get('/api/publications/?admin=true')).status, { timeout: 30_000, interval: 250 }).toBe(200);
  }, 60_000);
});
