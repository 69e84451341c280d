/**
 * A 30-page whole-book import whose API process (on the embedded database) is killed with SIGKILL
 * mid-way: the restarted process takes it up and reads only the pages still unread.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderBookPages } from '../support/page-photos/page-photos.mjs';
import { longBook } from '../support/long-book.js';
import { signIn, startServer, type ServerProcess } from '../support/worker-process/server-process.js';
import { createPublication } from '../support/worker-process/scan-helpers.js';

describe('a 30-page import whose API process (embedded database) is killed mid-way', () => {
  let server: ServerProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'book-import-kill-'));
  afterAll(async () => server?.kill('SIGKILL'));

  it('resumes after the restart, reading only the pages still unread, and ends with every poem once', async () => {
    const book = await renderBookPages(longBook(48), { maxPages: 30 });
    expect(book.pages).toHaveLength(30);
    server = await startServer({ DATA_DIR: dataDir, SCAN_JOB_BACKOFF_MS: '200' });
    let { agent } = await signIn(server.base);
    const pubId = await createPublication(agent, 'Thirty pages through a crash');
    const { id } = (await agent.post(`/api/publications/${pubId}/book_imports/`).expect(201)).body;
    for (const [i, page] of book.pages.entries()) {
      await agent
        .post(`/api/book_imports/${id}/files/`)
        .field('position', String(i))
        .attach('file', page.image, `IMG_${i + 1}.jpg`)
        .expect(201);
    }
    await agent.post(`/api/book_imports/${id}/start/`).expect(202);
    const progress = async () => (await agent.get(`/api/book_imports/${id}/`).expect(200)).body as Record<string, any>;
    await expect.poll(async () => (await progress()).pages_done, { timeout: 120_000, interval: 200 }).toBeGreaterThanOrEqual(9);
    const before = await progress();
    expect(before.state).toBe('reading');
    await server.kill('SIGKILL');

    server = await startServer({ DATA_DIR: dataDir, SCAN_JOB_BACKOFF_MS: '200' });
    // Only reads from here on: the new session's CSRF token is not needed.
    ({ agent } = await signIn(server.base));
    // What was read before the crash was kept.
    expect((await progress()).pages_done).toBeGreaterThanOrEqual(before.pages_done);
    await expect.poll(async () => (await progress()).state, { timeout: 180_000, interval: 500 }).toBe('finished');
    const done = await progress();
    expect(done).toMatchObject({ pages_total: 30, pages_done: 30, failed_pages: [] });
    const poems = (await agent.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body as Array<{
      title: string;
      page_numbers: number[];
    }>;
    // Every poem once, in page order. (Printed page numbers are left out: the folio analysis misreads
    // some of this rendered book's two-digit folios past page 31 whether or not the import was cut off.)
    expect(poems.map((p) => p.title)).toEqual(book.poems.map((p) => p.title));
  });
});
