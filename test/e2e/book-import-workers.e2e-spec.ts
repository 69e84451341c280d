/**
 * A whole-book import on BullMQ whose chunks two scan worker processes share; one is killed with
 * SIGKILL mid-way and the other finishes the book. Its last four pages are a scanned PDF, drawn by
 * the worker that reads them. The workers read the pages through the OpenAI
 * adapter from a stub that holds all but each chunk's first page for three seconds, so each worker is
 * caught mid-chunk: what is tested is the queue's hand-over, not the reading.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distinctPoems, pagePhotos, pagesReply } from '../support/openai-pages.js';
import { startOpenAiStub, type OpenAiStub } from '../support/openai-stub.js';
import { scannedPdf } from '../support/scanned-pdf.js';
import { createPublication, staffAgent, startTestApp, type TestApp } from '../support/test-app.js';
import {
  createScratchDatabase,
  dropQueueKeys,
  REDIS_URL,
  requireRedis,
  startWorker,
  type WorkerProcess,
} from '../support/worker-process/scan-helpers.js';

describe('a book import on BullMQ, its chunks spread over two worker processes, one killed mid-way', () => {
  const LOCK_MS = 5000;
  let t: TestApp;
  let db: { url: string; drop: () => Promise<void> };
  let env: Record<string, string>;
  let stub: OpenAiStub;
  const poems = distinctPoems(8);
  const workers: WorkerProcess[] = [];
  const savedDatabaseUrl = process.env.DATABASE_URL;

  beforeAll(async () => {
    await requireRedis();
    db = await createScratchDatabase();
    // A book import reads four pages a job: pages 1 and 5 begin the two chunks.
    stub = await startOpenAiStub(pagesReply(poems, (page) => page % 4 !== 1, 3000));
    const shared = mkdtempSync(join(tmpdir(), 'book-import-workers-'));
    env = {
      DATABASE_URL: db.url,
      REDIS_URL,
      SCAN_QUEUE_PREFIX: `test-book-${process.pid}-${Date.now().toString(36)}`,
      SCAN_JOB_LOCK_MS: String(LOCK_MS),
      SCAN_JOB_BACKOFF_MS: '200',
      PAGE_STORE_DIR: join(shared, 'pages'),
      DATA_DIR: join(shared, 'data'),
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: stub.baseUrl,
    };
    process.env.DATABASE_URL = db.url;
    t = await startTestApp('postgres', { env });
  });
  afterAll(async () => {
    for (const w of workers.splice(0)) await w.kill('SIGKILL');
    await t?.close();
    process.env.DATABASE_URL = savedDatabaseUrl;
    await db?.drop();
    await stub?.close();
    if (env) await dropQueueKeys(env.SCAN_QUEUE_PREFIX);
  });

  it('goes on in the other worker and ends with every poem once, in page order', async () => {
    const photos = await pagePhotos(poems.length);
    const { agent } = await staffAgent(t);
    for (let i = 0; i < 2; i++) {
      const w = startWorker(env);
      workers.push(w);
      await w.waitFor(/Scan worker ready/, 90_000);
    }
    const pubId = await createPublication(agent, 'Read by two workers');
    const { id } = (await agent.post(`/api/publications/${pubId}/book_imports/`).expect(201)).body;
    // Pages 1-4 photos, pages 5-8 one scanned PDF: its pages are drawn by the worker that reads them.
    for (const [i, photo] of photos.slice(0, 4).entries()) {
      await agent
        .post(`/api/book_imports/${id}/files/`)
        .field('position', String(i))
        .attach('file', photo, `IMG_${i + 1}.jpg`)
        .expect(201);
    }
    const pdf = await scannedPdf(photos.slice(4), 100);
    const sent = await agent
      .post(`/api/book_imports/${id}/files/`)
      .field('position', '4')
      .attach('file', pdf, { filename: 'Last pages.pdf', contentType: 'application/pdf' })
      .expect(201);
    expect(sent.body).toMatchObject({ pages: 4, pages_total: poems.length });
    await agent.post(`/api/book_imports/${id}/start/`).expect(202);
    const progress = async () => (await agent.get(`/api/book_imports/${id}/`).expect(200)).body as Record<string, any>;
    // Both workers took a chunk of the book.
    await expect.poll(() => workers.every((w) => /book\.read\) started/.test(w.output())), { timeout: 60_000 }).toBe(true);
    await expect.poll(async () => (await progress()).pages_done, { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
    await workers[0]!.kill('SIGKILL');
    await expect.poll(async () => (await progress()).state, { timeout: 120_000, interval: 500 }).toBe('finished');
    expect(await progress()).toMatchObject({
      pages_total: poems.length,
      pages_drawn: poems.length,
      pages_done: poems.length,
      failed_pages: [],
      poems_added: poems.length,
    });
    const added = (await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body as Array<{
      title: string;
      page_numbers: number[];
    }>;
    expect(added.map((p) => p.title)).toEqual(poems.map((p) => p.title));
    expect(added.map((p) => p.page_numbers)).toEqual(poems.map((_, i) => [11 + i]));
  });
});
