/**
 * A 30-page whole-book import whose API process (on the embedded database) is killed with SIGKILL
 * mid-way: the restarted process takes it up and reads only the pages still unread. The pages are
 * read by the OpenAI adapter from a stub that answers each after a second: what is tested is the
 * import's resumption, and offline OCR would spend a minute of CPU on it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { distinctPoems, pagePhotos, pageOfRequest, pagesReply } from '../support/openai-pages.js';
import { startOpenAiStub, type OpenAiStub } from '../support/openai-stub.js';
import { signIn, startServer, type ServerProcess } from '../support/worker-process/server-process.js';
import { createPublication } from '../support/test-app.js';

describe('a 30-page import whose API process (embedded database) is killed mid-way', () => {
  let server: ServerProcess | undefined;
  let stub: OpenAiStub | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'book-import-kill-'));
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await stub?.close();
  });

  it('resumes after the restart, reading only the pages still unread, and ends with every poem once', async () => {
    const poems = distinctPoems(30);
    const photos = await pagePhotos(30);
    const requests = new Map<number, number>();
    const reply = pagesReply(poems, () => true, 1000);
    stub = await startOpenAiStub((request) => {
      const page = pageOfRequest(request.body) ?? 0;
      requests.set(page, (requests.get(page) ?? 0) + 1);
      return reply(request);
    });
    const env = { DATA_DIR: dataDir, SCAN_JOB_BACKOFF_MS: '200', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseUrl };
    server = await startServer(env);
    let { agent } = await signIn(server.base);
    const pubId = await createPublication(agent, 'Thirty pages through a crash');
    const { id } = (await agent.post(`/api/publications/${pubId}/book_imports/`).expect(201)).body;
    for (const [i, photo] of photos.entries()) {
      await agent
        .post(`/api/book_imports/${id}/files/`)
        .field('position', String(i))
        .attach('file', photo, `IMG_${i + 1}.jpg`)
        .expect(201);
    }
    await agent.post(`/api/book_imports/${id}/start/`).expect(202);
    const progress = async () => (await agent.get(`/api/book_imports/${id}/`).expect(200)).body as Record<string, any>;
    await expect.poll(async () => (await progress()).pages_done, { timeout: 120_000, interval: 200 }).toBeGreaterThanOrEqual(9);
    const before = await progress();
    expect(before.state).toBe('reading');
    await server.kill('SIGKILL');

    const readBefore = new Set([...requests.keys()]);
    server = await startServer(env);
    // Only reads from here on: the new session's CSRF token is not needed.
    ({ agent } = await signIn(server.base));
    // What was read before the crash was kept.
    expect((await progress()).pages_done).toBeGreaterThanOrEqual(before.pages_done);
    await expect.poll(async () => (await progress()).state, { timeout: 180_000, interval: 500 }).toBe('finished');
    const done = await progress();
    expect(done).toMatchObject({ pages_total: 30, pages_done: 30, failed_pages: [] });
    const added = (await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body as Array<{
      title: string;
      page_numbers: number[];
    }>;
    // Every poem once, in page order, each on its printed page.
    expect(added.map((p) => p.title)).toEqual(poems.map((p) => p.title));
    expect(added.map((p) => p.page_numbers)).toEqual(poems.map((_, i) => [11 + i]));
    // Pages whose reading was saved before the crash were not read again: only those cut off mid-read
    // were asked for twice.
    const readTwice = [...requests].filter(([, n]) => n > 1).map(([page]) => page);
    expect(readTwice.length).toBeLessThanOrEqual(readBefore.size - before.pages_done);
    expect(readTwice.every((page) => readBefore.has(page))).toBe(true);
    expect(requests.size).toBe(30);
  });
});
