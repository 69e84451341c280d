import { describe, expect, it } from 'vitest';
import { FakeBookImports } from '../../../test/support/fakes/book-imports.js';
import { fakeCatalog } from '../../../test/support/fakes/catalog.js';
import { FakeExtractor } from '../../../test/support/fakes/extractor.js';
import { FakeFileStore } from '../../../test/support/fakes/file-store.js';
import { FakeJobQueue } from '../../../test/support/fakes/job-queue.js';
import { FakePageImages, FakePdfPages, scannedPdf, TOO_COSTLY_PAGE } from '../../../test/support/fakes/page-photos.js';
import { FakeScanPages } from '../../../test/support/fakes/scan-pages.js';
import { BookImportService } from './book-import.service.js';
import { BookReadJob } from './book-read.job.js';
import { PoemScanner } from './poem-scanner.js';
import type { DrawnPdfPage, StoredPdf } from './ports/pdf-pages.port.js';
import { SCAN_JOBS, type ScanJobCatalogue } from './scan-job.catalogue.js';
import type { BookChunkPayload } from './scan-job.types.js';
import { ScanQueue } from './scan-queue.js';

/** The fake PDFs, counting the pages drawn, and stopping (an outage) after `stopAfter` pages when set. */
class CountingPdfPages extends FakePdfPages {
  readonly drawn: number[] = [];
  stopAfter: number | undefined;

  override async *draw(pdf: StoredPdf, numbers: number[]): AsyncIterable<DrawnPdfPage> {
    for await (const page of super.draw(pdf, numbers)) {
      if (this.stopAfter !== undefined && this.drawn.length >= this.stopAfter) throw new Error('the worker went away');
      this.drawn.push(page.number);
      yield page;
    }
  }
}

const poemPage = (n: number) => `${n}\n# Poem ${n}\nverse of poem ${n}`;

/** A book import over fakes of every port, its chunks run by BookReadJob as the queue would. */
async function importing() {
  const catalog = fakeCatalog();
  const queue = new FakeJobQueue<ScanJobCatalogue>(SCAN_JOBS);
  const store = new FakeFileStore();
  const images = new FakePageImages();
  const archive = new FakeScanPages();
  const books = new FakeBookImports(archive, catalog.clock);
  const pdfs = new CountingPdfPages();
  const extractor = new FakeExtractor();
  const scanner = new PoemScanner(extractor, store, archive, images, catalog.queries, catalog.commands, {
    unknownWords: async () => new Set<string>(),
  });
  const service = new BookImportService(new ScanQueue(queue), books, store, images, pdfs, catalog.queries);
  const job = new BookReadJob(books, extractor, store, images, pdfs, catalog.queries, scanner);
  const book = await catalog.commands.createPublication({
    title: 'Drawn Pages',
    authors: [],
    publisher: '',
    publicationDate: '',
    isbn: '',
    notes: '',
  });
  /** Every chunk queued so far run once, in order; an outage ends the run as it would end the job. */
  const runChunks = async () => {
    for (const chunk of queue.enqueued.filter((j) => j.name === 'book.read')) {
      await job.handle(chunk.payload as BookChunkPayload, { jobId: chunk.jobId, attempt: 1, reportProgress: async () => undefined });
    }
  };
  return { store, books, pdfs, extractor, service, book, runChunks };
}

describe('BookReadJob: a PDF’s pages drawn by the import’s jobs', () => {
  it('draws each page before reading it, keeps its photo, and lets the PDF go once every page is drawn', async () => {
    const s = await importing();
    const { id } = await s.service.create(String(s.book.id));
    await s.service.addFile(String(id), { name: 'book.pdf', data: scannedPdf([1, 2, 3, 4, 5].map(poemPage)) }, '0');
    expect(s.pdfs.drawn).toEqual([]);
    await s.service.start(String(id));
    await s.runChunks();

    expect(s.pdfs.drawn).toEqual([1, 2, 3, 4, 5]);
    expect(await s.service.get(String(id))).toMatchObject({
      state: 'finished',
      pages_total: 5,
      pages_drawn: 5,
      pages_done: 5,
      failed_pages: [],
    });
    const pages = await s.books.pages(id);
    expect(pages.map((p) => p.pdf_key)).toEqual(Array(5).fill(null));
    for (const page of pages) expect(s.store.objects.has(page.storage_key!)).toBe(true);
    expect(s.store.keys().filter((k) => k.endsWith('.pdf'))).toEqual([]);
    expect(s.extractor.pagesRead).toEqual([0, 1, 2, 3, 4]);
    // The book is assembled knowing its title, which running heads print.
    expect(s.extractor.booksNamed.at(-1)).toEqual({ title: 'Drawn Pages', authors: [] });
  });

  it('draws again, after a job was cut off, only the pages not drawn yet', async () => {
    const s = await importing();
    const { id } = await s.service.create(String(s.book.id));
    await s.service.addFile(String(id), { name: 'book.pdf', data: scannedPdf([1, 2, 3, 4].map(poemPage)) }, '0');
    await s.service.start(String(id));
    s.pdfs.stopAfter = 2;
    await expect(s.runChunks()).rejects.toThrow('the worker went away');
    expect(await s.service.get(String(id))).toMatchObject({ state: 'reading', pages_drawn: 2, pages_done: 0 });

    s.pdfs.stopAfter = undefined;
    await s.runChunks();
    expect(s.pdfs.drawn).toEqual([1, 2, 3, 4]);
    expect(await s.service.get(String(id))).toMatchObject({ state: 'finished', pages_drawn: 4, pages_done: 4, failed_pages: [] });
  });

  it('fails a page that cannot be drawn with why, reads the others, and keeps the PDF for Retry', async () => {
    const s = await importing();
    const { id } = await s.service.create(String(s.book.id));
    await s.service.addFile(String(id), { name: 'book.pdf', data: scannedPdf([poemPage(1), TOO_COSTLY_PAGE, poemPage(3)]) }, '0');
    await s.service.start(String(id));
    await s.runChunks();

    const finished = await s.service.get(String(id));
    expect(finished).toMatchObject({ state: 'finished', pages_total: 3, pages_drawn: 2, pages_done: 3 });
    expect(finished.failed_pages).toEqual([
      { page: 2, file_name: 'book.pdf', pdf_page: 2, reason: 'Page 2 of this PDF needs more memory to draw than the archive allows.' },
    ]);
    expect(s.extractor.pagesRead).toEqual([0, 2]);
    expect(s.store.keys().filter((k) => k.endsWith('.pdf'))).toHaveLength(1);
  });
});
