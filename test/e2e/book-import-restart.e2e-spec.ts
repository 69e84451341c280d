/**
 * A 30-page whole-book import whose API process (on the embedded database) is killed with SIGKILL
 * mid-way: the restarted process takes it up, draws only the PDF pages still undrawn and reads only
 * the pages still unread. Its first 24 pages are one scanned PDF, the rest photos. The pages are
 * read by the OpenAI adapter from a stub that answers each after a second: what is tested is the
 * import's resumption, and offline OCR would spend a minute of CPU on it.
 */
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { distinctPoems, pagePhotos, pageOfRequest, pagesReply } from '../support/openai-pages.js';
import { startOpenAiStub, type OpenAiStub } from '../support/openai-stub.js';
import { signIn, startServer, type ServerProcess } from '../support/worker-process/server-process.js';
import { scannedPdf } from '../support/scanned-pdf.js';
import { createPublication } from '../support/test-app.js';

/** Pages of the book in its PDF, drawn by the import's jobs: the rest are photos. */
const PDF_PAGES = 24;

/** The PDF's page photos in the page store, by page index (a PDF at position 0 numbers its pages from 0), with what tells a rewrite. */
function drawnPhotos(pageStore: string): Map<number, { ino: number; mtimeMs: number }> {
  const found = new Map<number, { ino: number; mtimeMs: number }>();
  for (const entry of readdirSync(pageStore, { recursive: true, withFileTypes: true })) {
    const index = /^page-(\d+)\.jpg$/.exec(entry.name)?.[1];
    if (!entry.isFile() || index === undefined || Number(index) >= PDF_PAGES) continue;
    const { ino, mtimeMs } = statSync(join(entry.parentPath, entry.name));
    found.set(Number(index), { ino, mtimeMs });
  }
  return found;
}

describe('a 30-page import whose API process (embedded database) is killed mid-way', () => {
  let server: ServerProcess | undefined;
  let stub: OpenAiStub | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'book-import-kill-'));
  // The server's own temporary folder, to see what a killed process leaves there.
  const serverTmp = mkdtempSync(join(tmpdir(), 'book-import-kill-tmp-'));
  const pdfFolders = join(serverTmp, 'poetry-archive', 'pdf');
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await stub?.close();
  });

  it('resumes after the restart, drawing only the PDF pages still undrawn and reading only the pages still unread, and ends with every poem once', async () => {
    const poems = distinctPoems(30);
    const photos = await pagePhotos(30);
    const requests = new Map<number, number>();
    const reply = pagesReply(poems, () => true, 1000);
    stub = await startOpenAiStub((request) => {
      const page = pageOfRequest(request.body) ?? 0;
      requests.set(page, (requests.get(page) ?? 0) + 1);
      return reply(request);
    });
    const env = {
      TMPDIR: serverTmp,
      DATA_DIR: dataDir,
      SCAN_JOB_BACKOFF_MS: '200',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: stub.baseUrl,
    };
    server = await startServer(env);
    let { agent } = await signIn(server.base);
    const pubId = await createPublication(agent, 'Thirty pages through a crash');
    const { id } = (await agent.post(`/api/publications/${pubId}/book_imports/`).expect(201)).body;
    const pdf = await scannedPdf(photos.slice(0, PDF_PAGES), 100);
    await agent
      .post(`/api/book_imports/${id}/files/`)
      .field('position', '0')
      .attach('file', pdf, { filename: 'First pages.pdf', contentType: 'application/pdf' })
      .expect(201);
    for (const [i, photo] of photos.slice(PDF_PAGES).entries()) {
      await agent
        .post(`/api/book_imports/${id}/files/`)
        .field('position', String(i + 1))
        .attach('file', photo, `IMG_${PDF_PAGES + i + 1}.jpg`)
        .expect(201);
    }
    await agent.post(`/api/book_imports/${id}/start/`).expect(202);
    const progress = async () => (await agent.get(`/api/book_imports/${id}/`).expect(200)).body as Record<string, any>;
    await expect.poll(async () => (await progress()).pages_done, { timeout: 120_000, interval: 200 }).toBeGreaterThanOrEqual(9);
    const before = await progress();
    expect(before.state).toBe('reading');
    await server.kill('SIGKILL');
    // The PDF's pages recorded as drawn before the crash (drawn in book order, a chunk before its reading).
    const pageStore = join(dataDir, 'pages');
    const drawnBefore = before.pages_drawn - (30 - PDF_PAGES);
    expect(drawnBefore).toBeGreaterThanOrEqual(before.pages_done);
    expect(drawnBefore).toBeLessThan(PDF_PAGES);
    const photosBefore = drawnPhotos(pageStore);
    expect([...photosBefore.keys()].sort((a, b) => a - b).slice(0, drawnBefore)).toEqual([...Array(drawnBefore).keys()]);

    // The killed process's copy of the PDF, mid-drawing, was left in its folder (its clean-up never ran).
    const killedFolders = readdirSync(pdfFolders).filter((pid) => readdirSync(join(pdfFolders, pid)).some((f) => f.endsWith('.pdf')));
    expect(killedFolders).toHaveLength(1);

    const readBefore = new Set([...requests.keys()]);
    server = await startServer(env);
    // The next start removes it.
    await expect.poll(() => existsSync(join(pdfFolders, killedFolders[0])), { timeout: 10_000 }).toBe(false);
    // Only reads from here on: the new session's CSRF token is not needed.
    ({ agent } = await signIn(server.base));
    // What was read before the crash was kept.
    expect((await progress()).pages_done).toBeGreaterThanOrEqual(before.pages_done);
    await expect.poll(async () => (await progress()).state, { timeout: 180_000, interval: 500 }).toBe('finished');
    const done = await progress();
    expect(done).toMatchObject({ pages_total: 30, pages_drawn: 30, pages_done: 30, failed_pages: [] });
    // A page drawn and recorded before the crash was not drawn again: its photo is the same file.
    const photosAfter = drawnPhotos(pageStore);
    expect(photosAfter.size).toBe(PDF_PAGES);
    for (let index = 0; index < drawnBefore; index++) expect(photosAfter.get(index), `page ${index + 1}`).toEqual(photosBefore.get(index));
    // Every page drawn, the PDF is gone from the store.
    expect(readdirSync(pageStore, { recursive: true }).filter((name) => String(name).endsWith('.pdf'))).toEqual([]);
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
