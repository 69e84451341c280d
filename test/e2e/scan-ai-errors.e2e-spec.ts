/**
 * When the AI provider (an OpenAI-compatible server started here on 127.0.0.1) limits us, refuses
 * the payload or fails, the scan endpoints answer 429, 413 or 502 naming the AI provider, after
 * the job's retries, and the publication is left exactly as it was.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPublication, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';
import { startOpenAiStub, type OpenAiStub } from '../support/openai-stub.js';
import { pollScan } from '../support/worker-process/scan-helpers.js';

type Mode = { status: number; message: string };

describe('scanning when the AI provider fails', () => {
  let stub: OpenAiStub;
  let mode: Mode = { status: 500, message: 'unset' };
  let requests = 0;
  let t: TestApp;
  let agent: TestAgent;
  let pubId: number;
  let page: Buffer;

  beforeAll(async () => {
    stub = await startOpenAiStub(() => {
      requests++;
      return {
        status: mode.status,
        headers: { 'retry-after-ms': '5' },
        body: { error: { message: mode.message, type: 'test_error', code: null } },
      };
    });
    t = await startTestApp('pglite', {
      env: {
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: stub.baseUrl,
        SCAN_JOB_ATTEMPTS: '2',
        SCAN_JOB_BACKOFF_MS: '20',
      },
    });
    ({ agent } = await staffAgent(t));
    page = await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#f4f1ea' } })
      .jpeg()
      .toBuffer();
  });
  // Each test scans into a publication of its own: one test's scan is never another's job.
  beforeEach(async () => {
    pubId = await createPublication(agent, 'Scanned with AI');
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  const scan = (query = '') => agent.post(`/api/publications/${pubId}/batch_upload_pages/${query}`).attach('page_0', page, 'p.jpg');
  const unchanged = async (before: Record<string, unknown>) => {
    const after = (await agent.get(`/api/publications/${pubId}/?admin=true`).expect(200)).body;
    expect(after).toEqual(before);
    expect((await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body).toEqual([]);
  };

  it('answers 429 when the provider keeps limiting us, after retrying', async () => {
    const before = (await agent.get(`/api/publications/${pubId}/?admin=true`).expect(200)).body;
    mode = { status: 429, message: 'Rate limit reached for requests' };
    requests = 0;
    const res = await scan().expect(429);
    expect(res.body.code).toBe('EXTRACTION.AI_RATE_LIMITED');
    expect(res.body.error).toMatch(/AI provider/);
    expect(requests).toBeGreaterThan(1);
    await unchanged(before);
  });

  it('answers 502 naming the AI provider when it fails, and reports the same through the job', async () => {
    const before = (await agent.get(`/api/publications/${pubId}/?admin=true`).expect(200)).body;
    mode = { status: 500, message: 'The server had an error while processing your request' };
    const res = await scan().expect(502);
    expect(res.body.error).toMatch(/AI provider \(OpenAI\)/);

    const other = await sharp(page).modulate({ brightness: 0.9 }).jpeg().toBuffer();
    const queued = await agent.post(`/api/publications/${pubId}/upload_page/?async=true`).attach('page', other, 'q.jpg').expect(202);
    const failed = await pollScan(agent, queued.body.job_id, (s) => s.state === 'failed' || s.state === 'completed');
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'EXTRACTION.AI_PROVIDER_FAILED', status: 502 }, attempts: 2 });
    await unchanged(before);
  });

  it('answers 413 when the provider refuses the images as too large, without retrying', async () => {
    mode = { status: 413, message: 'Request too large' };
    requests = 0;
    const other = await sharp(page).modulate({ brightness: 0.8 }).jpeg().toBuffer();
    const res = await agent.post(`/api/publications/${pubId}/upload_page/`).attach('page', other, 'r.jpg').expect(413);
    expect(res.body.code).toBe('EXTRACTION.AI_PAYLOAD_TOO_LARGE');
    expect(requests).toBe(1);
  });

  it('metadata extraction answers the provider errors the same way', async () => {
    mode = { status: 429, message: 'Rate limit reached' };
    const res = await agent.post('/api/ai_extraction/extract_metadata/').attach('image_0', page, 'c.jpg').expect(429);
    expect(res.body.error).toMatch(/AI provider/);
    mode = { status: 503, message: 'overloaded' };
    const down = await agent.post('/api/ai_extraction/extract_metadata/').attach('image_0', page, 'c.jpg');
    expect(down.status).toBe(502);
    expect(down.body.error).toMatch(/AI provider \(OpenAI\)/);
  });
});
