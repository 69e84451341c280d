import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ScanJobProgress } from '../../../contracts/scanning.js';
import { CATALOG_READ_API, type CatalogReadApi } from '../../catalog/index.js';
import { mapWithConcurrency } from '../../common/map-with-concurrency.js';
import type { JobContext, JobHandler } from '../../queue/index.js';
import { ImageIntakeError } from '../domain/image-intake.error.js';
import { ScanError } from '../domain/scan.errors.js';
import { withoutRefusedCharacters } from '../../common/text-rules.js';
import { BOOK_IMPORTS, type BookImportRow, type BookImports, type BookPageRow } from './ports/book-imports.port.js';
import { ExtractionError, POEM_EXTRACTOR, type BookNames, type PageReading, type PoemExtractor } from './ports/extraction.port.js';
import { PAGE_IMAGES, type PageImages } from './ports/page-images.port.js';
import { FILE_STORE, FileNotStoredError, type FileStore } from '../../media/index.js';
import { PDF_PAGES, type PdfPages } from './ports/pdf-pages.port.js';
import { pagePhotoKey, sha256 } from './page-intake.js';
import { PoemScanner } from './poem-scanner.js';
import { keepPhoto, pageToRead } from './reading-copies.js';
import type { ScanJobCatalogue } from './scan-job.catalogue.js';
import type { BookChunkPayload, BookChunkResult, StoredPageRef } from './scan-job.types.js';

/** The key stem of an import's poems in one run: a Retry's assembly finds the earlier runs' poems as duplicates. */
export const bookRunKey = (book: BookImportRow) => `${book.job_id}-r${book.run}`;

/**
 * Job 'book.read': some pages of a whole-book import, a PDF's pages drawn first (in the capped
 * drawing process, pdf-pages.ts). Each page's photo is kept as soon as it is drawn and its reading
 * saved as soon as it is read, so a run cut off and retried reads only the pages still unread; a page that cannot be read
 * is recorded with why and does not stop the book, while an outage (database, page store, a
 * provider's hiccup) throws for the queue to retry. The job that finds the book's last page read
 * claims its one assembly: every reading in book order, assembled as one book and added through
 * the batch scan's rules (PoemScanner.addPoems).
 */
@Injectable()
export class BookReadJob implements JobHandler<ScanJobCatalogue, 'book.read'> {
  readonly jobName = 'book.read' as const;
  private readonly logger = new Logger('BookImport');

  constructor(
    @Inject(BOOK_IMPORTS) private readonly books: BookImports,
    @Inject(POEM_EXTRACTOR) private readonly extractor: PoemExtractor,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(PAGE_IMAGES) private readonly images: PageImages,
    @Inject(PDF_PAGES) private readonly pdfs: PdfPages,
    @Inject(CATALOG_READ_API) private readonly queries: CatalogReadApi,
    private readonly scanner: PoemScanner,
  ) {}

  async handle(payload: BookChunkPayload, context: JobContext<ScanJobProgress>): Promise<BookChunkResult> {
    const nothing = { pages_read: 0, pages_failed: 0, assembled: false };
    const book = await this.books.find(payload.importId);
    // A later start or Retry has taken over (its own jobs read these pages), or the import is gone.
    if (!book || book.run !== payload.run || (book.state !== 'reading' && book.state !== 'assembling')) return nothing;
    if (await this.stoppedByTrash(book)) return nothing;

    const wanted = new Set(payload.pageIds);
    const all = await this.books.pages(book.id);
    const chunk = all.filter((p) => wanted.has(p.id) && !p.read && !p.read_error);
    // A PDF's pages not drawn yet are drawn first, each kept before it is read; one that cannot be
    // drawn is failed with why, as a page that cannot be read is.
    await this.draw(book, chunk);
    const unread = chunk.filter((p) => p.storage_key !== null && !p.read_error);
    let failed = chunk.length - unread.length;
    let done = 0;
    const readNow = new Map<number, PageReading>();
    await context.reportProgress({ pages_done: 0, pages_total: unread.length });
    // Every page is read in the book's language (its OCR model; the AI is told it).
    const { language, title, authors } = await this.queries.getPublication(book.publication_id, { staff: true });
    await mapWithConcurrency(unread, this.extractor.concurrency, async (page) => {
      const reading = await this.read(page, language);
      if (typeof reading === 'string') {
        failed++;
        await this.books.saveFailure(page.id, reading);
      } else {
        await this.books.saveReading(page.id, reading);
        readNow.set(page.place, { ...reading, index: page.place });
      }
      await context.reportProgress({ pages_done: ++done, pages_total: unread.length });
    });
    const result = { pages_read: chunk.length - failed, pages_failed: failed, assembled: false };

    if (await this.stoppedByTrash(book)) return result;
    if (!(await this.books.claimAssembly(book.id, book.run, context.jobId))) {
      if (readNow.size) await this.books.addPoemsSoFar(book.id, book.run, await this.poemsBegun([...readNow.values()], { title, authors }));
      return result;
    }
    await this.assemble(book, await this.books.pages(book.id, { readings: true }), context, { title, authors });
    return { ...result, assembled: true };
  }

  /**
   * Draws the pages of `pages` that have no photo yet from their stored PDF, one PDF at a time (it
   * is loaded once), keeping each photo and recording it as the page's before the next is drawn, so
   * a job cut off draws only the pages still undrawn. Sets each page's storage_key, or its
   * read_error when it could not be drawn. Once every page of a PDF is drawn, the PDF goes.
   */
  private async draw(book: BookImportRow, pages: BookPageRow[]): Promise<void> {
    const byPdf = new Map<string, BookPageRow[]>();
    for (const page of pages) {
      if (page.storage_key === null && page.pdf_key) byPdf.set(page.pdf_key, [...(byPdf.get(page.pdf_key) ?? []), page]);
    }
    for (const [key, undrawn] of byPdf) {
      const byNumber = new Map(undrawn.map((p) => [p.pdf_page!, p]));
      try {
        for await (const drawn of this.pdfs.draw({ key, load: () => this.store.get(key) }, [...byNumber.keys()])) {
          const page = byNumber.get(drawn.number)!;
          if ('refused' in drawn) {
            page.read_error = drawn.refused.message;
            await this.books.saveFailure(page.id, page.read_error);
            continue;
          }
          const storageKey = pagePhotoKey(book.publication_id, book.job_id, page.page_index, drawn.mimeType);
          await keepPhoto(this.store, storageKey, drawn.data);
          await this.books.saveDrawn(page.id, { storageKey, byteSize: drawn.data.length, sha256: sha256(drawn.data) });
          page.storage_key = storageKey;
        }
      } catch (err) {
        if (!(err instanceof FileNotStoredError)) throw err;
        for (const page of undrawn.filter((p) => p.storage_key === null)) {
          page.read_error = 'Its PDF is missing from the page store: add the file again in a new import.';
          await this.books.saveFailure(page.id, page.read_error);
        }
      }
      if (await this.books.forgetPdf(book.id, key)) await this.store.remove(key).catch(() => undefined);
    }
  }

  /** A publication moved to the trash stops its import, which says why. */
  private async stoppedByTrash(book: BookImportRow): Promise<boolean> {
    const publication = await this.queries.getPublication(book.publication_id, { staff: true });
    if (!publication.deletedAt) return false;
    const { code, message } = ScanError.publicationInTrash();
    await this.books.fail(book.id, { code, message: `The import stopped: ${message}` });
    return true;
  }

  /** The page's reading, or why it cannot be read (words for the curator). Outages throw. */
  private async read(page: BookPageRow, language: string): Promise<PageReading | string> {
    try {
      const image = await pageToRead(this.store, this.images, {
        storageKey: page.storage_key!,
        index: page.place,
        rotation: page.rotation,
        label: page.file_name,
      });
      return await this.extractor.readPage({ ...image, language });
    } catch (err) {
      if (err instanceof FileNotStoredError) return 'Its photo is missing from the page store.';
      if (err instanceof ImageIntakeError) return err.message;
      if (err instanceof ExtractionError && !err.retryable && err.status !== 429) return err.message;
      throw err;
    }
  }

  /**
   * Poems that begin on the pages just read, for the running count: these pages alone assembled,
   * less a poem run on from a page before them. Assembling the whole book after every few pages
   * would cost more with every page; the finished import gives the exact count.
   */
  private async poemsBegun(readings: PageReading[], names: BookNames): Promise<number> {
    try {
      const poems = await this.extractor.assemble(
        readings.sort((a, b) => a.index - b.index),
        { names },
      );
      return poems.filter((p) => !p.continues && withoutRefusedCharacters(p.body).trim() !== '').length;
    } catch {
      return 0; // Readings of another extractor: the count waits for the book to be read again.
    }
  }

  /** The book's poems from every page read, its title and authors told apart as running heads. */
  private async assemble(book: BookImportRow, pages: BookPageRow[], context: JobContext<ScanJobProgress>, names: BookNames): Promise<void> {
    const read = pages.filter((p) => p.reading);
    const refs: StoredPageRef[] = read.map((p) => ({
      scanPageId: p.id,
      index: p.place,
      storageKey: p.storage_key!,
      mimeType: p.mime_type,
      uploadJobId: book.job_id,
    }));
    const poems = await this.extractor.assemble(
      read.map((p) => ({ ...p.reading!, index: p.place })),
      { names },
    );
    const result = await this.scanner.addPoems(
      { jobId: bookRunKey(book), publicationId: book.publication_id, pages: refs, samePageTitlesCount: false },
      poems,
      context,
    );
    // The import answers under its own id, for all its pages (failed ones included).
    await this.books.finish(book.id, book.run, { ...result, jobId: book.job_id, pagesTotal: pages.length });
    this.logger.log(`Import ${book.id}: ${pages.length} pages, ${pages.length - read.length} failed, ${result.added.length} poems added`);
  }
}
