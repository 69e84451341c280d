/**
 * Whole-book import through the API on the in-process queue (no REDIS_URL): files one per request
 * at their places in the book, then one resumable reading job whose progress is readable, and the
 * poems in page order. One book is read by the real offline extractor from rendered page
 * photographs (that path's proof). The flows after it (a page that cannot be read, a stalled
 * import, a backup, the trash mid-way) read their pages through the OpenAI adapter from the stub,
 * which answers each page with a poem of its own, at once or when the test lets it: what they test
 * is the import's course, not reading, and offline OCR spent half a minute of CPU on them. An
 * import whose API process is killed: book-import-restart.e2e-spec.ts; one read by two worker
 * processes: book-import-workers.e2e-spec.ts (files of their own, so the runs share out over the
 * workers).
 */
import { BOOK_IMPORT_PDF_TYPE } from '../../contracts/book-import.js';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_STORE, FileNotStoredError, type FileStore } from '../../src/media/index.js';
import { BOOK_CHUNK_PAGES } from '../../src/scanning/application/book-import.service.js';
import { readingCopyKey } from '../../src/scanning/application/reading-copies.js';
import { ScanPagesRepository } from '../../src/scanning/infrastructure/page-store/scan-pages.repository.js';
import { restoreInProcess } from '../support/archive-backup.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distinctPoems, pageOfRequest, pagePhotos, pagesReply, type StubPoem } from '../support/openai-pages.js';
import { startOpenAiStub, type OpenAiStub, type StubReply } from '../support/openai-stub.js';
import { renderBookPages, sampleBook, type RenderedBook } from '../support/page-photos/page-photos.mjs';
import {
  createPublication,
  downloadBackup,
  scenarioTarget,
  staffAgent,
  startTestApp,
  type TestAgent,
  type TestApp,
} from '../support/test-app.js';
import { createScratchDatabase } from '../support/worker-process/scan-helpers.js';

/** The import's API as the curator's screens use it, through the admin's agent. */
function importApi(agent: () => TestAgent, pollMs: number) {
  const importOf = async (importId: number) =>
    (await agent().get(`/api/book_imports/${importId}/`).expect(200)).body as Record<string, any>;
  return {
    newImport: async (pubId: number) =>
      (await agent().post(`/api/publications/${pubId}/book_imports/`).expect(201)).body as Record<string, any>,
    sendFile: (importId: number, position: number | string, data: Buffer, filename: string, contentType = 'image/jpeg') =>
      agent()
        .post(`/api/book_imports/${importId}/files/`)
        .field('position', String(position))
        .attach('file', data, { filename, contentType }),
    importOf,
    /** Follows the import until it stops reading, keeping every progress it showed. */
    finished: async (importId: number, seen: Array<Record<string, any>> = []) => {
      await expect
        .poll(
          async () => {
            const now = await importOf(importId);
            seen.push(now);
            return now.state;
          },
          { timeout: 120_000, interval: pollMs },
        )
        .toMatch(/^(finished|failed)$/);
      return seen[seen.length - 1]!;
    },
    poemsOf: async (pubId: number) =>
      (await agent().get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body as Array<Record<string, any>>,
  };
}

describe.each(scenarioTarget())('whole-book import (%s, in-process queue, offline extractor)', (target) => {
  let t: TestApp;
  let agent: TestAgent;
  let book: RenderedBook;

  beforeAll(async () => {
    // Pages 11-15 of the sample book: a poem running over a page, pages of two poems, and one page
    // more than a reading job takes, so two jobs read it. Each page more costs seconds of OCR.
    book = await renderBookPages(sampleBook(), { maxPages: BOOK_CHUNK_PAGES + 1 });
    t = await startTestApp(target, { env: { SCAN_JOB_BACKOFF_MS: '100' } });
    ({ agent } = await staffAgent(t));
  });
  afterAll(async () => t?.close());

  // A page takes seconds of OCR: a poll every half second is often enough to see the progress move.
  const { newImport, sendFile, importOf, finished, poemsOf } = importApi(() => agent, 500);

  it('reads a book sent file by file, in any order of requests, into its poems in page order, with progress along the way', async () => {
    const pubId = await createPublication(agent, `A whole book (${target})`);
    const created = await newImport(pubId);
    expect(created).toMatchObject({
      publication_id: pubId,
      state: 'receiving',
      files_received: 0,
      pages_total: 0,
      pages_done: 0,
      failed_pages: [],
    });
    // Sent last page first: the book's order is the positions'.
    for (const i of [...book.pages.keys()].reverse()) {
      const res = await sendFile(created.id, i, book.pages[i]!.image, `IMG_${i + 1}.jpg`).expect(201);
      expect(res.body).toMatchObject({ position: i, pages: 1, files_received: book.pages.length - i, pages_total: book.pages.length - i });
    }
    // A retried upload of a position replaces its file rather than adding a page.
    await sendFile(created.id, 3, book.pages[3]!.image, 'IMG_4.jpg').expect(201);
    const started = (await agent.post(`/api/book_imports/${created.id}/start/`).expect(202)).body;
    expect(started).toMatchObject({ state: 'reading', pages_total: book.pages.length, files_received: book.pages.length });
    const unscanned = (await agent.get(`/api/publications/${pubId}/unscanned_pages/`).expect(200)).body;
    expect(unscanned.waiting + unscanned.unscanned).toBeLessThanOrEqual(book.pages.length);

    const seen: Array<Record<string, any>> = [];
    const done = await finished(created.id, seen);
    expect(done).toMatchObject({
      state: 'finished',
      pages_total: book.pages.length,
      pages_done: book.pages.length,
      failed_pages: [],
      poems_added: book.poems.length,
      poems_so_far: book.poems.length,
    });
    expect(done.result).toMatchObject({
      job_id: expect.stringMatching(/^book-\d+-[0-9a-f]{16}$/),
      extracted_poems: book.poems.length,
      duplicates_ignored: 0,
      pages_total: book.pages.length,
    });
    expect(done.result.poems.map((p: Record<string, any>) => p.title)).toEqual(book.poems.map((p) => p.title));
    expect(done.result.poems[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    // Progress only goes forward.
    const progress = seen.map((s) => s.pages_done);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const poems = await poemsOf(pubId);
    expect(poems.map((p) => p.title)).toEqual(book.poems.map((p) => p.title));
    expect(poems.map((p) => p.page_numbers)).toEqual(book.poems.map((p) => p.page_numbers));
    expect((await agent.get(`/api/publications/${pubId}/book_import/`).expect(200)).body).toMatchObject({
      id: created.id,
      state: 'finished',
    });
    // An import finished before this version kept the answer itself as its result: it is answered as it was.
    const answered = await importOf(created.id);
    await t.app
      .get(DataSource)
      .query(`UPDATE book_imports SET result = $2::jsonb WHERE id = $1`, [created.id, JSON.stringify(answered.result)]);
    expect(await importOf(created.id)).toEqual(answered);
    expect((await agent.get(`/api/publications/${pubId}/unscanned_pages/`).expect(200)).body).toEqual({
      unscanned: 0,
      waiting: 0,
      not_started: 0,
    });
    // Its pages are the publication's page photos: the poem's first page is there to see.
    const pages = (await agent.get(`/api/poems/${poems[0]!.id}/pages/`).expect(200)).body as unknown[];
    expect(pages.length).toBeGreaterThan(0);
    // Started again it is not: files cannot be added and it is not started twice.
    await agent.post(`/api/book_imports/${created.id}/start/`).expect(409);
    await sendFile(created.id, 9, book.pages[0]!.image, 'late.jpg').expect(409);
  });

  it('refuses an empty photo, a file that is no image, a damaged PDF and a bad position, with nothing kept', async () => {
    const pubId = await createPublication(agent, `Refused files (${target})`);
    const { id } = await newImport(pubId);
    const empty = await sendFile(id, 0, Buffer.alloc(0), 'IMG_1.jpg').expect(400);
    expect(empty.body.code).toBe('IMAGE.EMPTY');
    const text = await sendFile(id, 0, Buffer.from('not a photo at all, only words'), 'notes.txt', 'text/plain').expect(415);
    expect(text.body.code).toMatch(/UNSUPPORTED/);
    const pdf = await sendFile(
      id,
      0,
      Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
      'book.pdf',
      Object.keys(BOOK_IMPORT_PDF_TYPE)[0],
    ).expect(400);
    expect(pdf.body).toMatchObject({ code: 'SCAN.PDF_UNREADABLE' });
    expect(pdf.body.message).toMatch(/PDF/);
    await sendFile(id, -1, book.pages[0]!.image, 'IMG_1.jpg').expect(400);
    await sendFile(id, 'first', book.pages[0]!.image, 'IMG_1.jpg').expect(400);
    await agent.post(`/api/book_imports/${id}/files/`).field('position', '0').expect(400);
    expect(await importOf(id)).toMatchObject({ state: 'receiving', files_received: 0, pages_total: 0 });
    expect(await t.app.get(ScanPagesRepository).listForPublication(pubId)).toEqual([]);
    const start = await agent.post(`/api/book_imports/${id}/start/`).expect(400);
    expect(start.body.code).toBe('SCAN.NO_PAGES');
    await agent.get('/api/book_imports/999999/').expect(404);
    await agent.get(`/api/publications/${pubId}/book_import/`).expect(200);
  });

  it('cancels an import not started, after a refused file: it and the file already sent go, and the book names no unfinished scan', async () => {
    const pubId = await createPublication(agent, `A cancelled import (${target})`);
    const { id } = await newImport(pubId);
    await sendFile(id, 0, book.pages[0]!.image, 'IMG_1.jpg').expect(201);
    await sendFile(id, 1, Buffer.alloc(0), 'IMG_2.jpg').expect(400);
    // Before it is cancelled, the page sent waits for the rest of its files: not a scan that did not finish.
    const unscanned = () => agent.get(`/api/publications/${pubId}/unscanned_pages/`).expect(200);
    expect((await unscanned()).body).toEqual({ unscanned: 0, waiting: 0, not_started: 1 });
    const [kept] = await t.app.get(ScanPagesRepository).listForPublication(pubId);
    const store = t.app.get<FileStore>(FILE_STORE);
    await store.get(kept!.storage_key);
    await store.get(readingCopyKey(kept!.storage_key));

    await agent.delete(`/api/book_imports/${id}/`).expect(204);
    await agent.get(`/api/book_imports/${id}/`).expect(404);
    await agent.get(`/api/publications/${pubId}/book_import/`).expect(404);
    expect(await t.app.get(ScanPagesRepository).listForPublication(pubId)).toEqual([]);
    await expect(store.get(kept!.storage_key)).rejects.toThrow(FileNotStoredError);
    await expect(store.get(readingCopyKey(kept!.storage_key))).rejects.toThrow(FileNotStoredError);
    expect((await unscanned()).body).toEqual({ unscanned: 0, waiting: 0, not_started: 0 });
    await agent.delete(`/api/book_imports/${id}/`).expect(404);
    await agent.delete('/api/book_imports/first/').expect(404);

    // Once started it is the book's: it cannot be cancelled, and nothing changes.
    const started = await newImport(pubId);
    await sendFile(started.id, 0, book.pages[0]!.image, 'IMG_1.jpg').expect(201);
    await t.app.get(DataSource).query(`UPDATE book_imports SET state = 'finished' WHERE id = $1`, [started.id]);
    const refused = await agent.delete(`/api/book_imports/${started.id}/`).expect(409);
    expect(refused.body).toMatchObject({
      code: 'SCAN.BOOK_IMPORT_STARTED',
      message: expect.stringContaining('can no longer be cancelled'),
    });
    expect(await importOf(started.id)).toMatchObject({ state: 'finished', pages_total: 1 });
  });
});

describe.each(scenarioTarget())('whole-book import (%s, in-process queue, pages read through the OpenAI adapter)', (target) => {
  let t: TestApp;
  let agent: TestAgent;
  let stub: OpenAiStub;
  /** How the stub answers this test's pages. */
  let answer: StubReply = pagesReply([]);
  /** The pages (of their batch, from 1) the stub was asked to read, in order. */
  let asked: number[] = [];
  /** The book the stub reads from here on: page N holds `poems[N - 1]`, printed as page 10 + N. */
  const reads = (poems: StubPoem[], reply: StubReply = pagesReply(poems)) => {
    answer = reply;
    asked = [];
  };

  beforeAll(async () => {
    stub = await startOpenAiStub((request) => {
      asked.push(pageOfRequest(request.body) ?? 0);
      return answer(request);
    });
    t = await startTestApp(target, { env: { SCAN_JOB_BACKOFF_MS: '100', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseUrl } });
    ({ agent } = await staffAgent(t));
  });
  afterAll(async () => {
    await t?.close();
    // The adapter's client keeps its connections open for more: they go with the stub.
    stub?.server.closeAllConnections();
    await stub?.close();
  });

  const { newImport, sendFile, importOf, finished, poemsOf } = importApi(() => agent, 200);
  /** An import of the publication with `photos` sent one a position. */
  const importWith = async (pubId: number, photos: Buffer[]) => {
    const { id } = await newImport(pubId);
    for (const [i, photo] of photos.entries()) await sendFile(id, i, photo, `IMG_${i + 1}.jpg`).expect(201);
    return id as number;
  };
  const titles = (poems: Array<Record<string, any>>) => poems.map((p) => p.title as string);

  it('records a page that cannot be read with why, finishes the rest, and reads it on Retry adding only its poems', async () => {
    const pubId = await createPublication(agent, `A page read again (${target})`);
    const poems = distinctPoems(3);
    reads(poems);
    const id = await importWith(pubId, await pagePhotos(3));
    // The third page's stored photo is damaged before it is read, and the page its upload kept
    // for the reading is lost, so the photo itself is read.
    const store = t.app.get<FileStore>(FILE_STORE);
    const rows = await t.app.get(ScanPagesRepository).listForPublication(pubId);
    const third = rows.find((r) => r.page_index % 1000 === 2) ?? rows[2]!;
    const kept = await store.get(third.storage_key);
    await store.put(third.storage_key, Buffer.from('damaged'));
    await store.remove(readingCopyKey(third.storage_key));
    await agent.post(`/api/book_imports/${id}/start/`).expect(202);
    const first = await finished(id);
    expect(first.state).toBe('finished');
    expect(first.failed_pages).toEqual([{ page: 3, file_name: 'IMG_3.jpg', reason: expect.any(String) }]);
    // The damaged photo failed before it reached the extractor.
    expect([...asked].sort((a, b) => a - b)).toEqual([1, 2]);
    expect(titles(await poemsOf(pubId))).toEqual(titles(poems.slice(0, 2)));
    expect((await agent.get(`/api/publications/${pubId}/unscanned_pages/`).expect(200)).body).toEqual({
      unscanned: 1,
      waiting: 0,
      not_started: 0,
    });

    await store.put(third.storage_key, kept);
    asked = [];
    const again = (await agent.post(`/api/book_imports/${id}/retry/`).expect(202)).body;
    expect(again).toMatchObject({ state: 'reading', failed_pages: [] });
    const second = await finished(id);
    expect(second).toMatchObject({ state: 'finished', failed_pages: [], pages_done: 3 });
    // Only the page that failed is read again.
    expect(asked).toEqual([3]);
    expect(titles(await poemsOf(pubId))).toEqual(titles(poems));
    expect(second.poems_added).toBe(1);
  });

  it('takes up on Retry an import whose reading stalled, and refuses while it may still be moving', async () => {
    const pubId = await createPublication(agent, `A stalled book (${target})`);
    reads(distinctPoems(2));
    const id = await importWith(pubId, await pagePhotos(2));
    await agent.post(`/api/book_imports/${id}/start/`).expect(202);
    expect((await finished(id)).state).toBe('finished');
    const poems = await poemsOf(pubId);
    expect(poems).toHaveLength(2);
    // Its jobs lost mid-book (their retries spent): it says it is reading, and nothing moves.
    const db = t.app.get(DataSource);
    await db.query(`UPDATE book_imports SET state = 'reading', updated_at = now() WHERE id = $1`, [id]);
    const busy = await agent.post(`/api/book_imports/${id}/retry/`).expect(409);
    expect(busy.body).toMatchObject({ code: 'SCAN.BOOK_IMPORT_BUSY', message: expect.stringContaining('no progress for 10 minutes') });
    await db.query(`UPDATE book_imports SET updated_at = now() - interval '11 minutes' WHERE id = $1`, [id]);
    asked = [];
    await agent.post(`/api/book_imports/${id}/retry/`).expect(202);
    expect(await finished(id)).toMatchObject({ state: 'finished', pages_done: 2, failed_pages: [], poems_added: 0 });
    // The pages it had read are not read again.
    expect(asked).toEqual([]);
    expect(await poemsOf(pubId)).toEqual(poems);
  });

  it("keeps an import's pages and poems in a backup that restores into an empty archive", async () => {
    const pubId = await createPublication(agent, `Backed up book (${target})`);
    reads(distinctPoems(2));
    const id = await importWith(pubId, await pagePhotos(2));
    await agent.post(`/api/book_imports/${id}/start/`).expect(202);
    expect((await finished(id)).state).toBe('finished');
    const poems = await poemsOf(pubId);
    expect(poems).toHaveLength(2);
    const backup = await downloadBackup(agent);
    expect(backup.status).toBe(200);

    const dataDir = mkdtempSync(join(tmpdir(), 'book-import-restore-'));
    const db = target === 'postgres' ? await createScratchDatabase() : undefined;
    try {
      const file = join(dataDir, 'backup.tar');
      writeFileSync(file, backup.body as Buffer);
      // Restored as `npm run archive -- import` restores, in this process: the command line's own
      // run is archive-backup's to test, and a process of its own would load the whole app again.
      const run = await restoreInProcess({ dataDir, databaseUrl: db?.url }, file);
      expect(run.status, run.stderr).toBe(0);
      const restored = await startTestApp(target, { env: { DATA_DIR: dataDir, DATABASE_URL: db?.url }, persistent: true, reset: false });
      try {
        const { agent: there } = await staffAgent(restored);
        const back = (await there.get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body as Array<Record<string, any>>;
        expect(back.map((p) => [p.title, p.body])).toEqual(poems.map((p) => [p.title, p.body]));
        const [page] = (await there.get(`/api/poems/${back[0]!.id}/pages/`).expect(200)).body as Array<{ id: number }>;
        await there.get(`/api/scan_pages/${page!.id}/image/`).expect(200);
        expect((await there.get(`/api/publications/${pubId}/unscanned_pages/`).expect(200)).body).toEqual({
          unscanned: 0,
          waiting: 0,
          not_started: 0,
        });
      } finally {
        await restored.close();
      }
    } finally {
      await db?.drop();
    }
  });

  it('stops an import whose publication was moved to the trash mid-way, saying why', async () => {
    const pubId = await createPublication(agent, `Trashed mid-import (${target})`);
    const poems = distinctPoems(5);
    // The first page is read at once; the others wait in the stub until the publication is in
    // the trash, so it goes there with the book half read whatever the machine's speed.
    let trashed!: () => void;
    const inTrash = new Promise<void>((resolve) => (trashed = resolve));
    const reply = pagesReply(poems);
    reads(poems, async (request) => {
      if (pageOfRequest(request.body) !== 1) await inTrash;
      return reply(request);
    });
    try {
      const id = await importWith(pubId, await pagePhotos(poems.length));
      await agent.post(`/api/book_imports/${id}/start/`).expect(202);
      await expect.poll(async () => (await importOf(id)).pages_done, { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
      expect(await importOf(id)).toMatchObject({ state: 'reading', pages_done: 1, pages_total: poems.length });
      await agent.delete(`/api/publications/${pubId}/`).expect((res) => expect(res.status).toBeLessThan(300));
      trashed();
      const stopped = await finished(id);
      expect(stopped).toMatchObject({
        state: 'failed',
        error: { code: 'SCAN.PUBLICATION_IN_TRASH', message: expect.stringMatching(/trash/) },
      });
      // Stopped before its poems were added.
      expect(stopped).toMatchObject({ poems_added: 0 });
      expect(stopped.result).toBeUndefined();
      await agent.post(`/api/book_imports/${id}/retry/`).expect(409);
    } finally {
      trashed();
    }
  });
});
