import { describe, expect, it } from 'vitest';
import { FakeBookImports } from '../../../test/support/fakes/book-imports.js';
import { fakeCatalog } from '../../../test/support/fakes/catalog.js';
import { FakeJobQueue } from '../../../test/support/fakes/job-queue.js';
import { damagedPdf, FakePageImages, FakePdfPages, gifFile, pagePhoto, scannedPdf } from '../../../test/support/fakes/page-photos.js';
import { FakeFileStore } from '../../../test/support/fakes/file-store.js';
import { FakeScanPages } from '../../../test/support/fakes/scan-pages.js';
import { BOOK_CHUNK_PAGES, BookImportService } from './book-import.service.js';
import { readingCopyKey } from './reading-copies.js';
import { SCAN_JOBS, type ScanJobCatalogue } from './scan-job.catalogue.js';
import type { BookChunkPayload } from './scan-job.types.js';
import { ScanQueue } from './scan-queue.js';

/** The book import over fakes of every port, with one publication to import into. */
async function imports() {
  const catalog = fakeCatalog();
  const queue = new FakeJobQueue<ScanJobCatalogue>(SCAN_JOBS);
  const store = new FakeFileStore();
  const archive = new FakeScanPages();
  const books = new FakeBookImports(archive, catalog.clock);
  const service = new BookImportService(new ScanQueue(queue), books, store, new FakePageImages(), new FakePdfPages(), catalog.queries);
  const book = await catalog.commands.createPublication({
    title: 'Collected Poems',
    authors: [],
    publisher: '',
    publicationDate: '',
    isbn: '',
    notes: '',
  });
  const chunks = () =>
    queue.enqueued.filter((j) => j.name === 'book.read').map((j) => ({ jobId: j.jobId, ...(j.payload as BookChunkPayload) }));
  /** Pages read as BookReadJob reads them: each its reading, or its failure. */
  const read = async (importId: number, failures: Record<number, string> = {}) => {
    for (const page of await books.pages(importId)) {
      if (page.read) continue;
      if (failures[page.place] !== undefined) await books.saveFailure(page.id, failures[page.place]);
      else await books.saveReading(page.id, { extractor: 'offline', index: page.place, page: {} });
    }
  };
  /** The import read to the end and assembled, as the chunk that reads its last page does. */
  const finish = async (importId: number, failures: Record<number, string> = {}) => {
    await read(importId, failures);
    const { run } = (await books.find(importId))!;
    expect(await books.claimAssembly(importId, run, 'chunk')).toBe(true);
    await books.finish(importId, run, {
      jobId: 'j',
      publicationId: book.id,
      added: [],
      continued: [],
      duplicates: [],
      emptyDropped: 0,
      pagesTotal: 0,
    });
  };
  return { ...catalog, queue, store, archive, books, service, book, chunks, read, finish };
}

const photo = (n: number) => ({ name: `IMG_${n}.jpg`, data: pagePhoto(`${n}\n# Poem ${n}\nverse`) });

describe('BookImportService: starting an import and sending its files', () => {
  it('creates an import that is receiving, empty, named by its publication', async () => {
    const s = await imports();
    const created = await s.service.create(s.book.slug);
    expect(created).toMatchObject({
      publication_id: s.book.id,
      state: 'receiving',
      files_received: 0,
      pages_total: 0,
      pages_done: 0,
      poems_so_far: 0,
      failed_pages: [],
    });
    expect(created).not.toHaveProperty('result');
    expect((await s.books.find(created.id))!.job_id).toMatch(new RegExp(`^book-${s.book.id}-[0-9a-f]{16}$`));
    expect(await s.service.latestOf(String(s.book.id))).toMatchObject({ id: created.id });
  });

  it('answers 404 for an unknown publication or import and 409 for a publication in the trash', async () => {
    const s = await imports();
    await expect(s.service.create('999')).rejects.toMatchObject({ code: 'CATALOG.PUBLICATION_NOT_FOUND', status: 404 });
    await expect(s.service.latestOf(String(s.book.id))).rejects.toMatchObject({ code: 'SCAN.BOOK_IMPORT_NOT_FOUND', status: 404 });
    for (const id of ['999', 'first', '1.5']) {
      await expect(s.service.get(id)).rejects.toMatchObject({
        code: 'SCAN.BOOK_IMPORT_NOT_FOUND',
        status: 404,
        message: 'Book import not found',
      });
    }
    const { id } = await s.service.create(String(s.book.id));
    await s.commands.moveToTrash(s.book.id);
    await expect(s.service.create(String(s.book.id))).rejects.toMatchObject({ code: 'SCAN.PUBLICATION_IN_TRASH', status: 409 });
    await expect(s.service.addFile(String(id), photo(1), '0')).rejects.toMatchObject({ code: 'SCAN.PUBLICATION_IN_TRASH', status: 409 });
    expect(s.store.keys()).toEqual([]);
  });

  it('keeps each photo with its reading copy, in the order of the positions whatever the order they came in', async () => {
    const s = await imports();
    const { id } = await s.service.create(String(s.book.id));
    expect(await s.service.addFile(String(id), photo(3), '2')).toEqual({ position: 2, pages: 1, files_received: 1, pages_total: 1 });
    expect(await s.service.addFile(String(id), photo(1), '0')).toEqual({ position: 0, pages: 1, files_received: 2, pages_total: 2 });
    expect(await s.service.addFile(String(id), photo(2), '1')).toEqual({ position: 1, pages: 1, files_received: 3, pages_total: 3 });
    const pages = await s.books.pages(id);
    expect(pages.map((p) => [p.place, p.file_name])).toEqual([
      [0, 'IMG_1.jpg'],
      [1, 'IMG_2.jpg'],
      [2, 'IMG_3.jpg'],
    ]);
    for (const page of pages) {
      expect(s.store.objects.get(page.storage_key!)).toEqual(pagePhoto(`${page.place + 1}\n# Poem ${page.place + 1}\nverse`));
      expect(s.store.objects.has(readingCopyKey(page.storage_key!))).toBe(true);
    }
  });

  it('replaces the pages of a position sent again, removing the photos they had', async () => {
    const s = await imports();
    const { id } = await s.service.create(String(s.book.id));
    await s.service.addFile(String(id), photo(1), '0');
    const [before] = await s.books.pages(id);
    expect(await s.service.addFile(String(id), { name: 'IMG_1b.jpg', data: pagePhoto('1\n# Poem 1, again\nverse') }, '0')).toEqual({
      position: 0,
      pages: 1,
      files_received: 1,
      pages_total: 1,
    });
    const [after] = await s.books.pages(id);
    expect(after).toMatchObject({ file_name: 'IMG_1b.jpg' });
    expect(after.storage_key).not.toBe(before.storage_key);
    expect(s.store.keys()).toEqual([after.storage_key, readingCopyKey(after.storage_key!)].sort());
    // And back to the first slot on a third sending, the second's photos gone in turn.
    await s.service.addFile(String(id), photo(1), '0');
    const [third] = await s.books.pages(id);
    expect(third.storage_key).toBe(before.storage_key);
    expect(s.store.keys()).toEqual([third.storage_key, readingCopyKey(third.storage_key!)].sort());
  });

  it("keeps a PDF whole with its pages to draw, each numbered within the PDF, in the PDF's order", async () => {
    const s = await imports();
    const { id } = await s.service.create(String(s.book.id));
    await s.service.addFile(String(id), photo(1), '0');
    const pdf = scannedPdf(['2', '3', '4']);
    const answer = await s.service.addFile(String(id), { name: 'rest.pdf', data: pdf }, '1');
    expect(answer).toEqual({ position: 1, pages: 3, files_received: 2, pages_total: 4 });
    const pages = await s.books.pages(id);
    expect(pages.map((p) => [p.place, p.file_name, p.pdf_page])).toEqual([
      [0, 'IMG_1.jpg', null],
      [1, 'rest.pdf', 1],
      [2, 'rest.pdf', 2],
      [3, 'rest.pdf', 3],
    ]);
    // No page of it drawn yet: the PDF is kept as it came, for the import's jobs to draw.
    const [pdfKey] = s.store.keys().filter((k) => k.endsWith('.pdf'));
    expect(s.store.objects.get(pdfKey)).toEqual(pdf);
    expect(pages.slice(1).map((p) => [p.storage_key, p.pdf_key])).toEqual(Array(3).fill([null, pdfKey]));
    expect(await s.service.get(String(id))).toMatchObject({ pages_total: 4, pages_drawn: 1 });

    // Sent again, the PDF before it goes; cancelled, every file goes.
    await s.service.addFile(String(id), { name: 'rest.pdf', data: scannedPdf(['2', '3']) }, '1');
    expect(s.store.keys().filter((k) => k.endsWith('.pdf'))).toEqual([expect.not.stringMatching(pdfKey)]);
    await s.service.cancel(String(id));
    expect(s.store.keys()).toEqual([]);
  });

  it('refuses an empty photo, a file that is no image, a damaged PDF, no file and a bad position, keeping nothing', async () => {
    const s = await imports();
    const { id } = await s.service.create(String(s.book.id));
    const refused: Array<[Parameters<BookImportService['addFile']>, string, number]> = [
      [[String(id), { name: 'IMG_1.jpg', data: Buffer.alloc(0) }, '0'], 'IMAGE.EMPTY', 400],
      [[String(id), { name: 'notes.gif', data: gifFile() }, '0'], 'IMAGE.UNSUPPORTED_TYPE', 415],
      [[String(id), { name: 'book.pdf', data: damagedPdf() }, '0'], 'SCAN.PDF_UNREADABLE', 400],
      [[String(id), undefined, '0'], 'SCAN.NO_FILE', 400],
      [[String(id), photo(1), '-1'], 'SCAN.BAD_FILE_POSITION', 400],
      [[String(id), photo(1), 'first'], 'SCAN.BAD_FILE_POSITION', 400],
      [[String(id), photo(1), '2000'], 'SCAN.BAD_FILE_POSITION', 400],
      [[String(id), photo(1), 0], 'SCAN.BAD_FILE_POSITION', 400],
      [[String(id), photo(1), undefined], 'SCAN.BAD_FILE_POSITION', 400],
    ];
    for (const [args, code, status] of refused) await expect(s.service.addFile(...args)).rejects.toMatchObject({ code, status });
    expect(await s.service.get(String(id))).toMatchObject({ state: 'receiving', files_received: 0, pages_total: 0 });
    expect(s.archive.rows).toEqual([]);
    expect(s.store.keys()).toEqual([]);
  });

  it('keeps nothing of a PDF the file store could not take', async () => {
    const s = await imports();
    const { id } = await s.service.create(String(s.book.id));
    s.store.refusePut = (key) => key.endsWith('.pdf');
    await expect(s.service.addFile(String(id), { name: 'book.pdf', data: scannedPdf(['1', '2', '3', '4']) }, '0')).rejects.toMatchObject({
      code: 'SCAN.PAGE_STORE_UNAVAILABLE',
      status: 503,
    });
    expect(s.store.keys()).toEqual([]);
    expect(s.archive.rows).toEqual([]);
  });

  it('refuses a file that would take the book over 2,000 pages (413), keeping none of its pages', async () => {
    const s = await imports();
    const { id } = await s.service.create(String(s.book.id));
    const pdf = scannedPdf(Array.from({ length: 700 }, (_, i) => String(i)));
    await s.service.addFile(String(id), { name: 'one.pdf', data: pdf }, '0');
    await s.service.addFile(String(id), { name: 'two.pdf', data: pdf }, '1');
    const kept = s.store.keys();
    await expect(s.service.addFile(String(id), { name: 'three.pdf', data: pdf }, '2')).rejects.toMatchObject({
      code: 'SCAN.BOOK_TOO_MANY_PAGES',
      status: 413,
      message: 'A book import holds at most 2000 pages.',
    });
    expect(s.store.keys()).toEqual(kept);
    expect(await s.service.get(String(id))).toMatchObject({ files_received: 2, pages_total: 1400 });
    // Sending a position again counts its new pages in place of its old ones.
    await expect(s.service.addFile(String(id), { name: 'two.pdf', data: pdf }, '1')).resolves.toMatchObject({ pages_total: 1400 });
  });
});

describe('BookImportService: cancelling an import', () => {
  it('removes an import not started with every file sent to it, photos and reading copies too', async () => {
    const s = await imports();
    const { id } = await s.service.create(String(s.book.id));
    await s.service.addFile(String(id), photo(1), '0');
    await s.service.addFile(String(id), photo(2), '1');
    await s.service.cancel(String(id));
    expect(s.store.keys()).toEqual([]);
    expect(await s.books.find(id)).toBeNull();
    expect(await s.archive.listForPublication(s.book.id)).toEqual([]);
    await expect(s.service.cancel(String(id))).rejects.toMatchObject({ status: 404 });
  });

  it('refuses to cancel an import that has started (409), which goes on', async () => {
    const s = await imports();
    const { id } = await s.service.create(String(s.book.id));
    await s.service.addFile(String(id), photo(1), '0');
    await s.service.start(String(id));
    await expect(s.service.cancel(String(id))).rejects.toMatchObject({ code: 'SCAN.BOOK_IMPORT_STARTED', status: 409 });
    expect(await s.books.find(id)).toMatchObject({ state: 'reading' });
    expect(s.store.keys()).toHaveLength(2);
  });
});

describe('BookImportService: start and Retry', () => {
  it('refuses to start an import without pages (400), which stays receiving', async () => {
    const s = await imports();
    const { id } = await s.service.create(String(s.book.id));
    await expect(s.service.start(String(id))).rejects.toMatchObject({ code: 'SCAN.NO_PAGES', status: 400 });
    expect(await s.service.get(String(id))).toMatchObject({ state: 'receiving' });
    expect(s.queue.enqueued).toEqual([]);
  });

  it('starts reading in chunks of pages in book order, then takes no more files and does not start twice', async () => {
    const s = await imports();
    const { id } = await s.service.create(String(s.book.id));
    for (const n of [6, 5, 4, 3, 2, 1]) await s.service.addFile(String(id), photo(n), String(n - 1));
    const started = await s.service.start(String(id));
    expect(started).toMatchObject({ state: 'reading', files_received: 6, pages_total: 6, pages_done: 0 });
    const { job_id: jobId } = (await s.books.find(id))!;
    const pageIds = (await s.books.pages(id)).map((p) => p.id);
    expect(BOOK_CHUNK_PAGES).toBe(4);
    expect(s.chunks()).toEqual([
      { jobId: `${jobId}-r1-c0`, importId: id, run: 1, pageIds: pageIds.slice(0, 4) },
      { jobId: `${jobId}-r1-c1`, importId: id, run: 1, pageIds: pageIds.slice(4) },
    ]);
    const started409 = { code: 'SCAN.BOOK_IMPORT_STARTED', status: 409 };
    await expect(s.service.start(String(id))).rejects.toMatchObject(started409);
    await expect(s.service.addFile(String(id), photo(7), '6')).rejects.toMatchObject(started409);
    expect(s.chunks()).toHaveLength(2);
    expect(s.store.keys().some((k) => k.includes('page-6000'))).toBe(false);
  });

  it('answers 503 and stays receiving when the scan queue is down', async () => {
    const s = await imports();
    const { id } = await s.service.create(String(s.book.id));
    await s.service.addFile(String(id), photo(1), '0');
    s.queue.down = true;
    await expect(s.service.start(String(id))).rejects.toMatchObject({ code: 'SCAN.QUEUE_UNAVAILABLE', status: 503 });
    expect(await s.service.get(String(id))).toMatchObject({ state: 'receiving' });
  });

  it('refuses a Retry before the import has started', async () => {
    const s = await imports();
    const { id } = await s.service.create(String(s.book.id));
    await expect(s.service.retry(String(id))).rejects.toMatchObject({
      code: 'SCAN.BOOK_IMPORT_BUSY',
      status: 409,
      message: 'This import has not been started yet.',
    });
  });

  it('refuses a Retry while the import may still be moving, and takes it up once it has shown no progress for 10 minutes', async () => {
    const s = await imports();
    const { id } = await s.service.create(String(s.book.id));
    for (const n of [1, 2, 3]) await s.service.addFile(String(id), photo(n), String(n - 1));
    await s.service.start(String(id));
    const [first] = await s.books.pages(id);
    await s.books.saveReading(first.id, { extractor: 'offline', index: 0, page: {} });
    await s.books.addPoemsSoFar(id, 1, 1);
    s.clock.advanceMinutes(9);
    await expect(s.service.retry(String(id))).rejects.toMatchObject({
      code: 'SCAN.BOOK_IMPORT_BUSY',
      status: 409,
      message: 'This import is still being read: Retry once it has finished, or once it has shown no progress for 10 minutes.',
    });
    s.clock.advanceMinutes(2);
    const again = await s.service.retry(String(id));
    expect(again).toMatchObject({ state: 'reading', pages_done: 1 });
    // Run 2 reads only the pages run 1 did not.
    const run2 = s.chunks().filter((c) => c.run === 2);
    expect(run2.map((c) => c.pageIds)).toEqual([(await s.books.pages(id)).slice(1).map((p) => p.id)]);
  });

  it('reads again on Retry only the pages that failed, listing them until then with why', async () => {
    const s = await imports();
    const { id } = await s.service.create(String(s.book.id));
    await s.service.addFile(String(id), photo(1), '0');
    await s.service.addFile(String(id), { name: 'rest.pdf', data: scannedPdf(['2', '3']) }, '1');
    await s.service.start(String(id));
    await s.finish(id, { 2: 'The page could not be read.' });
    const finished = await s.service.get(String(id));
    expect(finished).toMatchObject({ state: 'finished', pages_done: 3, result: { publicationId: s.book.id } });
    expect(finished.failed_pages).toEqual([{ page: 3, file_name: 'rest.pdf', pdf_page: 2, reason: 'The page could not be read.' }]);

    const again = await s.service.retry(String(id));
    expect(again).toMatchObject({ state: 'reading', pages_done: 2, failed_pages: [] });
    expect(again).not.toHaveProperty('result');
    const failedPage = (await s.books.pages(id))[2];
    expect(s.chunks().filter((c) => c.run === 2)).toEqual([expect.objectContaining({ pageIds: [failedPage.id] })]);
  });

  it('assembles again on Retry of an import with every page read, in one chunk that reads nothing', async () => {
    const s = await imports();
    const { id } = await s.service.create(String(s.book.id));
    await s.service.addFile(String(id), photo(1), '0');
    await s.service.start(String(id));
    await s.finish(id);
    await s.service.retry(String(id));
    const { job_id: jobId } = (await s.books.find(id))!;
    expect(s.chunks().filter((c) => c.run === 2)).toEqual([{ jobId: `${jobId}-r2-c0`, importId: id, run: 2, pageIds: [] }]);
  });

  it('says why an import stopped, and takes it up again on Retry', async () => {
    const s = await imports();
    const { id } = await s.service.create(String(s.book.id));
    await s.service.addFile(String(id), photo(1), '0');
    await s.service.start(String(id));
    const error = { code: 'SCAN.PUBLICATION_IN_TRASH', message: 'This publication is in the trash.' };
    await s.books.fail(id, error);
    expect(await s.service.get(String(id))).toMatchObject({ state: 'failed', error });
    expect(await s.service.retry(String(id))).toMatchObject({ state: 'reading' });
    expect(await s.service.get(String(id))).not.toHaveProperty('error');
  });
});
