/**
 * With REDIS_URL pointing at a Redis that is not there, the scan endpoints answer a clear 503 at
 * once while the rest of the API keeps working.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublication, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';
import { closedPort } from '../support/worker-process/scan-helpers.js';

describe('scanning while Redis is down', () => {
  let t: TestApp;
  let agent: TestAgent;
  let pubId: number;

  beforeAll(async () => {
    t = await startTestApp('pglite', { env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` } });
    ({ agent } = await staffAgent(t));
    pubId = await createPublication(agent, 'Waiting for Redis');
  });
  afterAll(async () => t?.close());

  it('answers 503 JSON naming the scan queue on uploads, reprocess and job status, quickly', async () => {
    const page = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const started = Date.now();
    const res = await agent.post(`/api/publications/${pubId}/batch_upload_pages/`).attach('page_0', page, 'p.jpg').expect(503);
    // At once rather than after waiting on Redis; the bound leaves room for a busy machine.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body).toMatchObject({ code: 'SCAN.QUEUE_UNAVAILABLE' });
    expect(res.body.error).toMatch(/scan queue \(Redis\) is unavailable/);
    await agent.post(`/api/publications/${pubId}/reprocess/`).expect(503);
    await agent.get('/api/scans/scan-1-0123456789abcdef0123456789abcdef/').expect(503);
  });

  it('keeps the rest of the API working', async () => {
    await t.http().get('/api/publications/').expect(200);
    const res = await agent.get(`/api/publications/${pubId}/?admin=true`).expect(200);
    expect(res.body.title).toBe('Waiting for Redis');
    expect((await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body).toEqual([]);
  });
});
