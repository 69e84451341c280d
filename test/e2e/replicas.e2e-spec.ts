import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReaderBuilt } from '../../reader/test-support/build-reader.js';
import { POSTGRES_URL, staffAgent, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Two API processes over one PostgreSQL: what one changes, the other's read cache never hides.
 * Needs PostgreSQL (DATABASE_URL, or the local test database), as the worker suite does.
 */
describe('two API replicas on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    ensureReaderBuilt();
    a = await startTestApp('postgres', { env: { DATABASE_URL: POSTGRES_URL } });
    b = await startTestApp('postgres', { env: { DATABASE_URL: POSTGRES_URL }, reset: false });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('shows on replica A, at once, a change made through replica B', async () => {
    const { agent } = await staffAgent(b);
    const created = (await agent.post('/api/publications/').send({ title: 'Shared Shelf' }).expect(201)).body;
    await agent.post(`/api/publications/${created.id}/publish/`).expect(200);

    // Replica A reads it twice, so the second answer comes from A's read cache.
    const first = await a.http().get('/api/publications/').expect(200);
    const cached = await a.http().get('/api/publications/').expect(200);
    expect(cached.headers.etag).toBe(first.headers.etag);
    expect(cached.body.map((p: { title: string }) => p.title)).toContain('Shared Shelf');

    await agent.put(`/api/publications/${created.id}/`).send({ title: 'Shared Shelf, Second Edition' }).expect(200);
    // The notification travels through PostgreSQL; allow it a moment, then A must answer fresh data.
    await expect
      .poll(async () => (await a.http().get('/api/publications/')).body.map((p: { title: string }) => p.title), { interval: 50 })
      .toContain('Shared Shelf, Second Edition');

    await agent.delete(`/api/publications/${created.id}/`).expect(200);
    await expect.poll(async () => (await a.http().get(`/api/publications/${created.slug}/`)).status, { interval: 50 }).toBe(404);
  });

  it('shows on replica A, at once, the memorial saved through replica B', async () => {
    const home = async () => (await a.http().get('/').expect(200)).text;
    const before = await home();
    expect(await home()).toBe(before); // now in A's read cache
    const { agent } = await staffAgent(b);
    const memorial = (await agent.get('/api/settings/memorial').expect(200)).body;
    await agent
      .put('/api/settings/memorial')
      .send({ ...memorial, poet_name: 'Ottilie Marsh', biography: 'She kept *bees*.' })
      .expect(200);
    await expect.poll(home, { interval: 50 }).toContain('Ottilie Marsh');
    expect(await home()).toContain('She kept <em>bees</em>.');
    expect((await a.http().get('/about').expect(200)).text).toContain('About Ottilie Marsh');
  });

  it('shares sessions: signed in through B, recognised by A', async () => {
    const { agent } = await staffAgent(b);
    const cookies = (await agent.get('/api/auth/check/')).request.cookies;
    const check = await a.http().get('/api/auth/check/').set('Cookie', cookies).expect(200);
    expect(check.body.authenticated).toBe(true);
  });
});
