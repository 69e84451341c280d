import { describe, expect, it } from 'vitest';
import { FakeBookImports } from '../../../test/support/fakes/book-imports.js';
import { fakeCatalog } from '../../../test/support/fakes/catalog.js';
import { FakeExtractor } from '../../../test/support/fakes/extractor.js';
import { FakeJobQueue } from '../../../test/support/fakes/job-queue.js';
import { brokenJpeg, FakePageImages, gifFile, pagePhoto } from '../../../test/support/fakes/page-photos.js';
import { FakeFileStore } from '../../../test/support/fakes/file-store.js';
import { FakeScanPages } from '../../../test/support/fakes/scan-pages.js';
import { readingCopyKey } from './reading-copies.js';
import { SCAN_JOBS, type ScanJobCatalogue } from './scan-job.catalogue.js';
import type { ScanPagesPayload, StoredScanResult } from './scan-job.types.js';
import { ScanQueue } from './scan-queue.js';
import { ScanService, type UploadedImage } from './scan.service.js';

/** The scanning use cases over fakes of every port, with one publication to scan into. */
async function scans() {
  const catalog = fakeCatalog();
  const queue = new FakeJobQueue<ScanJobCatalogue>(SCAN_JOBS);
  const store = new FakeFileStore();
  const archive = new FakeScanPages();
  const images = new FakePageImages();
  const extractor = new FakeExtractor();
  const books = new FakeBookImports(archive, catalog.clock);
  const service = new ScanService(new ScanQueue(queue), store, extractor, archive, images, catalog.queries, books);
  const book = await catalog.commands.createPublication({
    title: 'Field Notes',
    authors: [],
    publisher: '',
    publicationDate: '',
    isbn: '',
    notes: '',
  });
  return { ...catalog, queue, store, archive, images, extractor, books, service, book };
}

const files = (...texts: string[]): UploadedImage[] => texts.map((text, i) => ({ field: `page_${i}`, data: pagePhoto(text) }));
const queued = { wait: false };

describe('ScanService: an upload of page photos', () => {
  it('refuses no pages or more than 10, before keeping anything', async () => {
    const s = await scans();
    await expect(s.service.scanUpload(String(s.book.id), [], queued)).rejects.toMatchObject({
      code: 'SCAN.NO_PAGES',
      status: 400,
      message: 'Please upload at least one page image',
    });
    const eleven = files(...Array.from({ length: 11 }, (_, i) => `page ${i}`));
    await expect(s.service.scanUpload(String(s.book.id), eleven, queued)).rejects.toMatchObject({
      code: 'SCAN.TOO_MANY_PAGES',
      status: 400,
      message: 'Maximum 10 images allowed per batch',
    });
    expect(s.store.keys()).toEqual([]);
    expect(s.queue.enqueued).toEqual([]);
  });

  it('refuses a whole batch with one file that is no photo, naming its field, keeping none of it', async () => {
    const s = await scans();
    const batch = [...files('# One\nverse'), { field: 'page_1', data: Buffer.from('%PDF-1.7\n1 0 obj') }];
    await expect(s.service.scanUpload(String(s.book.id), batch, queued)).rejects.toMatchObject({
      code: 'IMAGE.UNSUPPORTED_TYPE',
      status: 415,
      message: expect.stringMatching(/^page_1 is a PDF document\. Accepted types are JPEG, PNG, WebP and HEIC\/HEIF\.$/),
    });
    const refusals: Array<[Buffer, string, number]> = [
      [gifFile(), 'IMAGE.UNSUPPORTED_TYPE', 415],
      [Buffer.alloc(0), 'IMAGE.EMPTY', 400],
      [brokenJpeg(), 'IMAGE.UNREADABLE', 400],
    ];
    for (const [data, code, status] of refusals) {
      await expect(s.service.scanUpload(String(s.book.id), [{ field: 'page_0', data }], queued)).rejects.toMatchObject({
        code,
        status,
        message: expect.stringMatching(/^page_0 /),
      });
    }
    expect(s.store.keys()).toEqual([]);
    expect(s.archive.rows).toEqual([]);
    expect(s.queue.enqueued).toEqual([]);
  });

  it('answers 404 for an unknown publication and 409 for one in the trash, keeping nothing', async () => {
    const s = await scans();
    await expect(s.service.scanUpload('999', files('x'), queued)).rejects.toMatchObject({
      code: 'CATALOG.PUBLICATION_NOT_FOUND',
      status: 404,
    });
    await s.commands.moveToTrash(s.book.id);
    await expect(s.service.scanUpload(s.book.slug, files('x'), queued)).rejects.toMatchObject({
      code: 'SCAN.PUBLICATION_IN_TRASH',
      status: 409,
      message: 'This publication is in the trash. Restore it before adding or scanning pages.',
    });
    expect(s.store.keys()).toEqual([]);
    expect(s.queue.enqueued).toEqual([]);
  });

  it('keeps each photo and its reading copy under the publication and the job, records the pages in order, and queues the scan', async () => {
    const s = await scans();
    const { jobId, result } = await s.service.scanUpload(s.book.slug, files('# One\nfirst', '# Two\nsecond'), queued);
    expect(result).toBeUndefined();
    expect(jobId).toMatch(new RegExp(`^scan-${s.book.id}-[0-9a-f]{32}$`));
    const keys = [0, 1].map((i) => `publications/${s.book.id}/${jobId}/page-${i}.jpg`);
    expect(s.store.keys()).toEqual([...keys, ...keys.map(readingCopyKey)].sort());
    expect(s.archive.rows.map((r) => [r.job_id, r.page_index, r.storage_key])).toEqual([
      [jobId, 0, keys[0]],
      [jobId, 1, keys[1]],
    ]);
    const [job] = s.queue.enqueued;
    expect(job).toEqual({
      name: 'scan.pages',
      jobId,
      payload: {
        publicationId: s.book.id,
        pages: s.archive.rows.map((r) => ({ scanPageId: r.id, index: r.page_index, storageKey: r.storage_key, mimeType: 'image/jpeg' })),
      },
    });
    expect(await s.service.status(jobId)).toMatchObject({
      job_id: jobId,
      name: 'scan.pages',
      state: 'queued',
      progress: { pages_done: 0, pages_total: 2 },
    });
  });

  it('takes the same photos sent again as the same job, keeping their pages once; other photos make another job', async () => {
    const s = await scans();
    const first = await s.service.scanUpload(String(s.book.id), files('# One\nfirst'), queued);
    const again = await s.service.scanUpload(String(s.book.id), files('# One\nfirst'), queued);
    expect(again.jobId).toBe(first.jobId);
    expect(s.archive.rows).toHaveLength(1);
    expect(s.queue.jobs.size).toBe(1);
    const other = await s.service.scanUpload(String(s.book.id), files('# One\nfirst', '# Two\nsecond'), queued);
    expect(other.jobId).not.toBe(first.jobId);
  });

  it('keeps a HEIC photo as JPEG, which every browser shows', async () => {
    const s = await scans();
    const { jobId } = await s.service.scanUpload(
      String(s.book.id),
      [{ field: 'page', data: pagePhoto('# One\nverse', 'image/heic') }],
      queued,
    );
    expect(s.archive.rows[0]).toMatchObject({ mime_type: 'image/jpeg', storage_key: `publications/${s.book.id}/${jobId}/page-0.jpg` });
  });

  it('answers 503 when the scan queue is down, and when nobody would run a scan it is asked to wait for', async () => {
    const s = await scans();
    s.queue.down = true;
    await expect(s.service.scanUpload(String(s.book.id), files('x'), queued)).rejects.toMatchObject({
      code: 'SCAN.QUEUE_UNAVAILABLE',
      status: 503,
      message: 'The scan queue (Redis) is unavailable, so pages cannot be scanned right now. Please try again later.',
    });
    await expect(s.service.reprocess(String(s.book.id), queued)).rejects.toMatchObject({ code: 'SCAN.QUEUE_UNAVAILABLE' });
    await expect(s.service.status(`scan-${s.book.id}-${'0'.repeat(32)}`)).rejects.toMatchObject({ code: 'SCAN.QUEUE_UNAVAILABLE' });
    s.queue.down = false;
    s.queue.consumers = false;
    await expect(s.service.scanUpload(String(s.book.id), files('x'), { wait: true })).rejects.toMatchObject({
      code: 'SCAN.NO_WORKER',
      status: 503,
    });
    expect(s.store.keys()).toEqual([]);
    // Queued for later, it needs no worker now.
    await expect(s.service.scanUpload(String(s.book.id), files('x'), queued)).resolves.toHaveProperty('jobId');
  });

  it("answers with the scan's result once its job has run, and with the job's own error when it failed", async () => {
    const s = await scans();
    const outcome = (payload: ScanPagesPayload): StoredScanResult => ({
      jobId: 'scan',
      publicationId: payload.publicationId,
      added: [],
      continued: [],
      duplicates: [],
      emptyDropped: 0,
      pagesTotal: payload.pages.length,
    });
    s.queue.runs['scan.pages'] = async (payload) => outcome(payload);
    const done = await s.service.scanUpload(String(s.book.id), files('# One\nfirst'), { wait: true });
    expect(done.result).toMatchObject({ publicationId: s.book.id, pagesTotal: 1 });

    s.queue.runs['scan.pages'] = async () => {
      throw Object.assign(new Error('page_0 could not be read'), { code: 'IMAGE.UNREADABLE', status: 400 });
    };
    await expect(s.service.scanUpload(String(s.book.id), files('# Two\nsecond'), { wait: true })).rejects.toMatchObject({
      code: 'IMAGE.UNREADABLE',
      status: 400,
      message: 'page_0 could not be read',
    });
  });
});

describe('ScanService: jobs, reprocess and unscanned pages', () => {
  it('answers 404 for a job id that is malformed, unknown, or a book chunk followed through its import', async () => {
    const s = await scans();
    for (const id of ['not-a-job', `scan-${s.book.id}-${'0'.repeat(32)}`, 'book-1-0123456789abcdef-r1-c0']) {
      await expect(s.service.status(id)).rejects.toMatchObject({ code: 'SCAN.JOB_NOT_FOUND', status: 404, message: 'Scan job not found' });
    }
    await s.queue.enqueue('book.read', { importId: 1, run: 1, pageIds: [] }, `book-${s.book.id}-0123456789abcdef`);
    await expect(s.service.status(`book-${s.book.id}-0123456789abcdef`)).rejects.toMatchObject({ code: 'SCAN.JOB_NOT_FOUND' });
  });

  it('refuses to reprocess a publication without stored pages (409)', async () => {
    const s = await scans();
    await expect(s.service.reprocess(String(s.book.id), queued)).rejects.toMatchObject({
      code: 'SCAN.NO_STORED_PAGES',
      status: 409,
      message: 'This publication has no stored page images to reprocess. Upload pages first.',
    });
    expect(s.queue.enqueued).toEqual([]);
  });

  it('reprocesses every stored page, each upload on its own; the same pages are the same job, a turned page a new one', async () => {
    const s = await scans();
    const a = await s.service.scanUpload(String(s.book.id), files('# One\nfirst', '# Two\nsecond'), queued);
    const b = await s.service.scanUpload(String(s.book.id), files('# Three\nthird'), queued);
    const first = await s.service.reprocess(String(s.book.id), queued);
    expect(first.jobId).toMatch(new RegExp(`^reprocess-${s.book.id}-[0-9a-f]{24}$`));
    const payload = s.queue.enqueued.at(-1)!.payload as ScanPagesPayload;
    expect(payload.pages.map((p) => [p.index, p.uploadJobId])).toEqual([
      [0, a.jobId],
      [1, a.jobId],
      [2, b.jobId],
    ]);
    expect((await s.service.reprocess(String(s.book.id), queued)).jobId).toBe(first.jobId);
    await s.archive.setRotation(s.archive.rows[1].id, 90, async () => undefined);
    const turned = await s.service.reprocess(String(s.book.id), queued);
    expect(turned.jobId).not.toBe(first.jobId);
    expect((s.queue.enqueued.at(-1)!.payload as ScanPagesPayload).pages[1]).toMatchObject({ rotation: 90 });
  });

  it('counts pages no scan has read as waiting while their scan or book import runs, as unscanned once it has stopped, as not started while their import receives', async () => {
    const s = await scans();
    const upload = await s.service.scanUpload(String(s.book.id), files('one', 'two'), queued);
    expect(await s.service.unscannedPages(String(s.book.id))).toEqual({ unscanned: 0, waiting: 2, not_started: 0 });
    s.queue.fail(upload.jobId, { code: 'EXTRACTION.FAILED', message: 'no', status: 500 });
    expect(await s.service.unscannedPages(String(s.book.id))).toEqual({ unscanned: 2, waiting: 0, not_started: 0 });

    const book = await s.books.create(s.book.id, `book-${s.book.id}-0123456789abcdef`);
    const page = { pageIndex: 0, storageKey: 'k', mimeType: 'image/jpeg', byteSize: 1, sha256: 'x', pdfPage: null, pdfKey: null };
    await s.books.replaceFile(book, { position: 0, name: 'p.jpg', pages: [page] }, 2000);
    // A PDF's page not drawn yet counts with its import's.
    const toDraw = { pageIndex: 1000, storageKey: null, mimeType: 'image/jpeg', byteSize: null, sha256: null, pdfPage: 1, pdfKey: 'b.pdf' };
    await s.books.replaceFile(book, { position: 1, name: 'b.pdf', pages: [toDraw] }, 2000);
    expect(await s.service.unscannedPages(String(s.book.id))).toEqual({ unscanned: 2, waiting: 0, not_started: 2 });
    await s.books.start(book.id);
    expect(await s.service.unscannedPages(String(s.book.id))).toEqual({ unscanned: 2, waiting: 2, not_started: 0 });
    // Once the import has ended, a page it could not draw is no photo to read again: only its photo counts.
    const pages = await s.books.pages(book.id);
    await s.books.saveFailure(pages[1]!.id, 'Too costly to draw.');
    await s.books.saveFailure(pages[0]!.id, 'Unreadable.');
    expect(await s.books.claimAssembly(book.id, 1, 'j')).toBe(true);
    await s.books.finish(book.id, 1, {
      jobId: 'j',
      publicationId: s.book.id,
      added: [],
      continued: [],
      duplicates: [],
      emptyDropped: 0,
      pagesTotal: 2,
    });
    expect(await s.service.unscannedPages(String(s.book.id))).toEqual({ unscanned: 3, waiting: 0, not_started: 0 });
    await expect(s.service.unscannedPages('999')).rejects.toMatchObject({ code: 'CATALOG.PUBLICATION_NOT_FOUND', status: 404 });
  });
});

describe('ScanService: metadata from cover and title pages', () => {
  it('refuses no image or more than 10', async () => {
    const s = await scans();
    await expect(s.service.extractMetadata([])).rejects.toMatchObject({ code: 'SCAN.NO_METADATA_IMAGES', status: 400 });
    await expect(s.service.extractMetadata(files(...Array.from({ length: 11 }, () => 'cover')))).rejects.toMatchObject({
      code: 'SCAN.TOO_MANY_METADATA_IMAGES',
      status: 400,
    });
    expect(s.extractor.metadataImages).toEqual([]);
  });

  it('answers what the pages say, titles and names set in capitals in their natural case', async () => {
    const s = await scans();
    s.extractor.metadata = {
      title: 'WINTER ORCHARD',
      authors: ['JANE DOE'],
      publisher: 'HARBOUR PRESS',
      publication_date: '1971',
      isbn: '978-0-00-000000-0',
      notes: 'First edition\u0000',
    };
    const metadata = await s.service.extractMetadata(files('cover', 'title page'));
    expect(metadata).toEqual({
      title: 'Winter Orchard',
      authors: ['Jane Doe'],
      publisher: 'Harbour Press',
      publication_date: '1971',
      isbn: '978-0-00-000000-0',
      notes: 'First edition',
    });
    expect(s.extractor.metadataImages.map((i) => i.index)).toEqual([0, 1]);
    // Nothing of it is kept: metadata is read inline, never stored.
    expect(s.store.keys()).toEqual([]);
  });
});
