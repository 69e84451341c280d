/**
 * A scanned book as a PDF, through the whole-book import's API: its pages become page photos and
 * give the same poems as the photos themselves; a damaged PDF, one of 2,000 pages and one locked
 * with a password are refused with words a curator understands, leaving nothing behind; so are
 * PDFs made to exhaust the server's memory, at once and without it. A PDF is answered before any of
 * its pages is drawn: the import's job draws them, and a page that still needs more memory to draw
 * than its drawing process may have fails in that job with why, the archive unharmed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PDF_PAGES } from '../../contracts/book-import.js';
import { ScanPagesRepository } from '../../src/scanning/infrastructure/page-store/scan-pages.repository.js';
import { tarEntries } from '../support/archive-backup.js';
import { longBook } from '../support/long-book.js';
import { renderBookPages, type RenderedBook } from '../support/page-photos/page-photos.mjs';
import { blankPdf, damagedPdf, hugeImagePdf, inflatingPdf, lockedPdf, onePagePdf, scannedPdf } from '../support/scanned-pdf.js';
import {
  createPublication,
  downloadBackup,
  scenarioTarget,
  staffAgent,
  startTestApp,
  type TestAgent,
  type TestApp,
} from '../support/test-app.js';

/** Every file under a folder (none when it is not there yet). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The PDF drawing processes this process (the server under test) has running. */
function drawingProcesses(): number[] {
  const children = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return children.map(Number).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('pdf-drawing.worker');
    } catch {
      return false; // ended meanwhile
    }
  });
}

/** The import's calls as the admin makes them, for a signed-in agent. */
function bookImports(agent: () => TestAgent) {
  const newImport = async (pubId: number) =>
    (await agent().post(`/api/publications/${pubId}/book_imports/`).expect(201)).body as { id: number };
  const sendFile = (importId: number, position: number, data: Buffer, filename: string, contentType: string) =>
    agent()
      .post(`/api/book_imports/${importId}/files/`)
      .field('position', String(position))
      .attach('file', data, { filename, contentType });
  const importOf = async (importId: number) =>
    (await agent().get(`/api/book_imports/${importId}/`).expect(200)).body as Record<string, any>;
  const readToTheEnd = async (importId: number) => {
    await agent().post(`/api/book_imports/${importId}/start/`).expect(202);
    await expect.poll(async () => (await importOf(importId)).state, { timeout: 240_000, interval: 500 }).toMatch(/^(finished|failed)$/);
    return importOf(importId);
  };
  const poemsOf = async (pubId: number) =>
    ((await agent().get(`/api/publications/${pubId}/poems/?admin=true`).expect(200)).body as Array<Record<string, any>>).map((p) => ({
      title: p.title,
      body: p.body,
      page_numbers: p.page_numbers,
    }));
  return { newImport, sendFile, importOf, readToTheEnd, poemsOf };
}

// Drawing a PDF's pages does not depend on the database: once, on the embedded one (6 pages of OCR).
describe('a 3-page scanned PDF (embedded database)', () => {
  let t: TestApp;
  let agent: TestAgent;
  let book: RenderedBook;

  beforeAll(async () => {
    book = await renderBookPages(longBook(20), { maxPages: 3 });
    expect(book.pages).toHaveLength(3);
    t = await startTestApp('pglite');
    ({ agent } = await staffAgent(t));
  });
  afterAll(async () => t?.close());

  const { newImport, sendFile, importOf, readToTheEnd, poemsOf } = bookImports(() => agent);

  it("answers a 3-page PDF at once and draws its pages in the import's job: 3 page photos that give the same poems as the photos themselves", async () => {
    const fromPhotos = await createPublication(agent, 'From photos');
    const photos = await newImport(fromPhotos);
    for (const [i, page] of book.pages.entries()) await sendFile(photos.id, i, page.image, `IMG_${i + 1}.jpg`, 'image/jpeg').expect(201);

    const fromPdf = await createPublication(agent, 'From a PDF');
    const pdf = await newImport(fromPdf);
    const sent = await sendFile(
      pdf.id,
      0,
      await scannedPdf(
        book.pages.map((p) => p.image),
        200,
      ),
      'Harbour Songs.pdf',
      'application/pdf',
    ).expect(201);
    expect(sent.body).toMatchObject({ position: 0, pages: book.pages.length, files_received: 1, pages_total: book.pages.length });
    // Answered before any page is drawn: the PDF is kept as it came, its pages counted, none drawn.
    const pdfDir = join(t.config.pageStoreDir, 'publications', String(fromPdf));
    expect(await importOf(pdf.id)).toMatchObject({ pages_total: 3, pages_drawn: 0 });
    expect(filesUnder(pdfDir).map((f) => f.slice(f.lastIndexOf('/') + 1))).toEqual([expect.stringMatching(/^file-0-[0-9a-f]{16}\.pdf$/)]);
    expect(await t.app.get(ScanPagesRepository).listForPublication(fromPdf)).toEqual([]);
    expect((await agent.get(`/api/publications/${fromPdf}/unscanned_pages/`).expect(200)).body).toEqual({
      unscanned: 0,
      waiting: 0,
      not_started: 3,
    });
    // A backup taken now holds the photos' pages and none of the PDF's: a page without its photo is
    // the import's state, and a restored archive never holds one.
    const backup = await downloadBackup(agent).expect(200);
    const entries = await tarEntries(backup.body as Buffer);
    expect(JSON.parse(entries[0]!.data.toString('utf8'))).toMatchObject({ tables: { scan_pages: { rows: 3 } }, pages: { files: 3 } });
    const backedUp = entries
      .filter((e) => e.name.startsWith('data/scan_pages/'))
      .flatMap((e) => e.data.toString('utf8').trim().split('\n'))
      .map((line) => JSON.parse(line) as { publication_id: number; storage_key: string | null });
    expect(backedUp.map((p) => [p.publication_id, typeof p.storage_key])).toEqual(Array(3).fill([fromPhotos, 'string']));

    const [byPhotos, byPdf] = [await readToTheEnd(photos.id), await readToTheEnd(pdf.id)];
    expect(byPdf).toMatchObject({ state: 'finished', pages_total: 3, pages_drawn: 3, pages_done: 3, failed_pages: [] });
    // Drawn by the job, each page is a photo in the store; the PDF, every page of it drawn, is gone.
    expect(filesUnder(pdfDir).filter((f) => f.endsWith('.pdf'))).toEqual([]);
    expect(byPhotos).toMatchObject({ state: 'finished', poems_added: byPdf.poems_added });
    const poems = await poemsOf(fromPdf);
    expect(poems.map((p) => p.title)).toEqual(book.poems.map((p) => p.title));
    expect(poems).toEqual(await poemsOf(fromPhotos));
    // Each PDF page is a page photo of the publication, as a photo would be.
    expect(await t.app.get(ScanPagesRepository).listForPublication(fromPdf)).toHaveLength(3);
  });
});

describe.each(scenarioTarget())('a scanned book as a PDF (%s)', (target) => {
  let t: TestApp;
  let agent: TestAgent;

  beforeAll(async () => {
    // A drawing process of 400 MB: a typeset page is drawn within it, a 49-megapixel scan is not.
    t = await startTestApp(target, { env: { MAX_UPLOAD_MB: '3', MAX_PDF_MB: '20', PDF_PAGE_MEMORY_MB: '400' } });
    ({ agent } = await staffAgent(t));
  });
  afterAll(async () => t?.close());

  const { newImport, sendFile, importOf, readToTheEnd } = bookImports(() => agent);

  it('refuses a damaged PDF, one of 2,000 pages, one locked with a password and files too large, each in its own words, keeping nothing', async () => {
    const pubId = await createPublication(agent, `Refused PDFs (${target})`);
    const { id } = await newImport(pubId);
    const storedBefore = filesUnder(t.config.pageStoreDir).length;

    const damaged = await sendFile(id, 0, damagedPdf(), 'book.pdf', 'application/pdf').expect(400);
    expect(damaged.body).toMatchObject({ code: 'SCAN.PDF_UNREADABLE' });
    expect(damaged.body.message).toMatch(/could not be read.*damaged/);

    const huge = await sendFile(id, 0, await blankPdf(2000), 'everything.pdf', 'application/pdf').expect(413);
    expect(huge.body).toMatchObject({ code: 'SCAN.PDF_TOO_MANY_PAGES' });
    expect(huge.body.message).toContain('2,000 pages');
    expect(huge.body.message).toContain(`up to ${MAX_PDF_PAGES.toLocaleString('en-US')}`);

    const locked = await sendFile(id, 0, await lockedPdf(), 'locked.pdf', 'application/pdf').expect(400);
    expect(locked.body).toEqual(
      expect.objectContaining({
        code: 'SCAN.PDF_PASSWORD',
        message: 'This PDF is protected by a password: save it without one and add it again.',
      }),
    );

    // Files too large for their kind: a scan's PDF has its own limit, a photo keeps the photos'.
    const bigPdf = await sendFile(
      id,
      0,
      Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(21 * 1024 * 1024, 32)]),
      'all.pdf',
      'application/pdf',
    ).expect(413);
    expect(bigPdf.body).toMatchObject({
      code: 'SCAN.FILE_TOO_LARGE',
      message: expect.stringContaining('a scanned PDF may be at most 20 MB'),
    });
    const bigPhoto = await sendFile(
      id,
      0,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4 * 1024 * 1024)]),
      'IMG_1.jpg',
      'image/jpeg',
    ).expect(413);
    expect(bigPhoto.body).toMatchObject({
      code: 'SCAN.FILE_TOO_LARGE',
      message: 'Image files are too large: each file may be at most 3 MB.',
    });

    // Nothing half-made: no page, no stored photo, and nothing to start.
    expect(await importOf(id)).toMatchObject({ state: 'receiving', files_received: 0, pages_total: 0 });
    expect(await t.app.get(ScanPagesRepository).listForPublication(pubId)).toEqual([]);
    expect(filesUnder(t.config.pageStoreDir)).toHaveLength(storedBefore);
    expect((await agent.post(`/api/book_imports/${id}/start/`).expect(400)).body.code).toBe('SCAN.NO_PAGES');
  });

  it('refuses a 0.4 MB PDF whose page is one 20,000 × 20,000 image and a 1 MB one whose page unpacks to 1 GB, at once, in bounded memory, keeping nothing', async () => {
    const pubId = await createPublication(agent, `Hostile PDFs (${target})`);
    const { id } = await newImport(pubId);
    const storedBefore = filesUnder(t.config.pageStoreDir).length;
    const image = await hugeImagePdf(20_000);
    const inflating = await inflatingPdf(1_000_000_000);
    expect([image.length, inflating.length].map((n) => n < 1024 * 1024)).toEqual([true, true]);

    // The server runs in this process (its image thread too): its resident memory, sampled throughout.
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
    const started = Date.now();
    try {
      const pixels = await sendFile(id, 0, image, 'scan.pdf', 'application/pdf').expect(422);
      expect(pixels.body).toMatchObject({
        code: 'IMAGE.TOO_MANY_PIXELS',
        message: expect.stringMatching(
          /^This PDF has an image of 20,000 × 20,000 pixels \(400 megapixels\); the archive takes pages of up to 50 megapixels/,
        ),
      });
      const unpacking = await sendFile(id, 0, inflating, 'book.pdf', 'application/pdf').expect(422);
      expect(unpacking.body).toMatchObject({
        code: 'SCAN.PDF_TOO_COSTLY',
        message: expect.stringMatching(/^A part of this PDF unpacks to more than 64 MB/),
      });
    } finally {
      clearInterval(sampler);
    }
    const elapsed = Date.now() - started;
    peak = Math.max(peak, process.memoryUsage.rss());
    expect(elapsed).toBeLessThan(15_000);
    expect((peak - before) / 1024 / 1024).toBeLessThan(500);

    expect(await importOf(id)).toMatchObject({ state: 'receiving', files_received: 0, pages_total: 0 });
    expect(filesUnder(t.config.pageStoreDir)).toHaveLength(storedBefore);
  });

  it('takes a PDF that gets past the checks but whose page needs more memory to draw than the archive allows: in the job, its drawing process ends, the page fails with why, and the archive goes on', async () => {
    const pubId = await createPublication(agent, `A page too costly to draw (${target})`);
    const { id } = await newImport(pubId);
    // A page that is one 7,000 × 7,000 image (49 megapixels, within the photos' limit; 0.1 MB, as
    // its pixels are one colour): decoded and drawn it needs more than the 400 MB the drawing
    // process has here (a 50-megapixel page takes some 950 MB).
    const costly = await hugeImagePdf(7000);
    const taken = await sendFile(id, 0, costly, 'scan.pdf', 'application/pdf').expect(201);
    expect(taken.body).toMatchObject({ position: 0, pages: 1, files_received: 1, pages_total: 1 });

    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
    let finished: Record<string, any>;
    try {
      finished = await readToTheEnd(id);
    } finally {
      clearInterval(sampler);
    }
    expect(finished).toMatchObject({ state: 'finished', pages_total: 1, pages_drawn: 0, pages_done: 1, poems_added: 0 });
    expect(finished.failed_pages).toEqual([
      {
        page: 1,
        file_name: 'scan.pdf',
        pdf_page: 1,
        reason: expect.stringMatching(
          /^Page 1 of this PDF needs more memory to draw than the archive allows \(400 MB for drawing a page\)/,
        ),
      },
    ]);
    // The drawing happened elsewhere: the server (this process) did not grow by the page's memory,
    // and the process that drew it is gone.
    expect((peak - before) / 1024 / 1024).toBeLessThan(300);
    await expect.poll(drawingProcesses).toEqual([]);
    // The PDF stays for Retry (with more memory for drawing, say); no page photo was kept of it, so
    // there is no page for a Reprocess to read.
    expect((await agent.get(`/api/publications/${pubId}/unscanned_pages/`).expect(200)).body).toEqual({
      unscanned: 0,
      waiting: 0,
      not_started: 0,
    });
    const files = filesUnder(join(t.config.pageStoreDir, 'publications', String(pubId)));
    expect(files.map((f) => f.slice(f.lastIndexOf('/') + 1))).toEqual([expect.stringMatching(/\.pdf$/)]);

    // The archive goes on: another import takes a PDF and draws it.
    const next = await newImport(pubId);
    await sendFile(next.id, 0, await onePagePdf(), 'poem.pdf', 'application/pdf').expect(201);
    expect(await readToTheEnd(next.id)).toMatchObject({ state: 'finished', pages_total: 1, pages_drawn: 1, failed_pages: [] });
  });
});
