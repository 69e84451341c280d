import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { MAX_BOOK_IMPORT_PAGES, MAX_PDF_PAGES, type BookImport, type BookImportFileAnswer } from '../../../contracts/book-import.js';
import { CATALOG_READ_API, type CatalogReadApi } from '../../catalog/index.js';
import { ScanError } from '../domain/scan.errors.js';
import { BOOK_IMPORTS, type BookImportRow, type BookImports, type NewBookPage, type RemovedFiles } from './ports/book-imports.port.js';
import { PAGE_IMAGES, type PageImages } from './ports/page-images.port.js';
import { FILE_STORE, type FileStore } from '../../media/index.js';
import { isPdf, PDF_PAGES, type PdfPages } from './ports/pdf-pages.port.js';
import { bookPdfKey, inIntakeTerms, pagePhotoKey, sha256, writablePublication } from './page-intake.js';
import { keepPhoto, removePhoto } from './reading-copies.js';
import { ScanQueue } from './scan-queue.js';
import type { StoredScanResult } from './scan-job.types.js';

/** Pages one queue job reads: small enough that a book's chunks spread over every scan worker. */
export const BOOK_CHUNK_PAGES = 4;
/** A file's pages take the page indexes from position × this: a PDF holds at most this many. */
const PAGES_PER_FILE = MAX_PDF_PAGES;
/** A file sent again goes to the other slot, so its new photos never overwrite the ones still in use. */
const SLOT = MAX_BOOK_IMPORT_PAGES * PAGES_PER_FILE;

/** An import as the API answers it, its finished assembly's outcome as kept (the HTTP layer shapes that and the counts it gives). */
export type BookImportView = Omit<BookImport, 'poems_added' | 'duplicates_ignored' | 'result'> & { result?: StoredScanResult };

/** One file of a book as it came in. */
export interface BookFile {
  name: string;
  data: Buffer;
}

/**
 * Whole-book imports: files kept one request at a time (photos through the image intake, a PDF
 * kept whole with its pages recorded, to be drawn), then drawn and read in chunks by the scan queue
 * (BookReadJob) and assembled once as one book.
 */
@Injectable()
export class BookImportService {
  constructor(
    private readonly queue: ScanQueue,
    @Inject(BOOK_IMPORTS) private readonly books: BookImports,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(PAGE_IMAGES) private readonly images: PageImages,
    @Inject(PDF_PAGES) private readonly pdfs: PdfPages,
    @Inject(CATALOG_READ_API) private readonly queries: CatalogReadApi,
  ) {}

  async create(publicationRef: string): Promise<BookImportView> {
    const publication = await writablePublication(this.queries, publicationRef);
    // The pages' job id, in the form every scan's pages have (backups check it).
    const book = await this.books.create(publication.id, `book-${publication.id}-${randomBytes(8).toString('hex')}`);
    return this.view(book);
  }

  async addFile(importId: string, file: BookFile | undefined, rawPosition: unknown): Promise<BookImportFileAnswer> {
    const book = await this.find(importId);
    if (!file) throw new ScanError('SCAN.NO_FILE', 'Send one file (a page photo or a PDF) in the field "file".');
    const position = Number(rawPosition);
    if (typeof rawPosition !== 'string' || !/^\d{1,4}$/.test(rawPosition) || position >= MAX_BOOK_IMPORT_PAGES) {
      throw new ScanError(
        'SCAN.BAD_FILE_POSITION',
        `Send the file's place in the book as "position", a whole number from 0 to ${MAX_BOOK_IMPORT_PAGES - 1}.`,
      );
    }
    if (book.state !== 'receiving') throw startedError();
    await writablePublication(this.queries, String(book.publication_id));

    const held = await this.books.pageIndexesAt(book.id, position);
    const base = (held.some((i) => i < SLOT) ? SLOT : 0) + position * PAGES_PER_FILE;
    const pages: NewBookPage[] = [];
    let pdfKey: string | undefined;
    try {
      if (isPdf(file.data)) {
        // Its cost and pages checked here, its pages drawn by the import's jobs once it starts
        // (BookReadJob): a book's PDF is answered in seconds, not after minutes of drawing.
        const count = await inIntakeTerms(this.pdfs.count(file.data));
        if (count > MAX_BOOK_IMPORT_PAGES) throw tooManyPages();
        pdfKey = bookPdfKey(book.publication_id, book.job_id, base, file.data);
        await this.store.put(pdfKey, file.data);
        for (let n = 1; n <= count; n++) {
          pages.push({
            pageIndex: base + n - 1,
            mimeType: 'image/jpeg',
            pdfPage: n,
            storageKey: null,
            byteSize: null,
            sha256: null,
            pdfKey,
          });
        }
      } else {
        // The content check of the batch scan (storable only converts a photo already checked),
        // whose page is kept for the reading as in a batch scan.
        const reading = await inIntakeTerms(this.images.normalise(file.data, position, { label: file.name }));
        const stored = await inIntakeTerms(this.images.storable(file.data, file.name));
        const storageKey = pagePhotoKey(book.publication_id, book.job_id, base, stored.mimeType);
        pages.push({
          pageIndex: base,
          storageKey,
          mimeType: stored.mimeType,
          byteSize: stored.data.length,
          sha256: sha256(stored.data),
          pdfPage: null,
          pdfKey: null,
        });
        await keepPhoto(this.store, storageKey, stored.data, reading);
      }
      const outcome = await this.books.replaceFile(book, { position, name: file.name, pages }, MAX_BOOK_IMPORT_PAGES);
      if (outcome === 'started') throw startedError();
      if (outcome === 'too-many') throw tooManyPages();
      await this.removeFiles(outcome);
    } catch (err) {
      // A refused file leaves nothing behind: what was kept for it goes again.
      await this.removeFiles({
        removedKeys: pages.flatMap((p) => (p.storageKey ? [p.storageKey] : [])),
        removedPdfs: pdfKey ? [pdfKey] : [],
      });
      throw err;
    }
    const counts = await this.books.counts(book.id);
    return { position, pages: pages.length, files_received: counts.files, pages_total: counts.pages };
  }

  /**
   * Cancels an import not started: it goes, with every file sent to it, so a book whose import was
   * abandoned (a file refused, the curator changing their mind) keeps nothing of it.
   */
  async cancel(importId: string): Promise<void> {
    const book = await this.find(importId);
    const outcome = await this.books.discard(book.id);
    if (outcome === 'started') {
      throw new ScanError('SCAN.BOOK_IMPORT_STARTED', 'This import has already started: it can no longer be cancelled.');
    }
    await this.removeFiles(outcome);
  }

  /** Stored files no page names any more: photos with their copies, and PDFs. A failure leaves a file, never a page without one. */
  private async removeFiles({ removedKeys, removedPdfs }: RemovedFiles): Promise<void> {
    await Promise.all([
      ...removedKeys.map((key) => removePhoto(this.store, key).catch(() => undefined)),
      ...removedPdfs.map((key) => this.store.remove(key).catch(() => undefined)),
    ]);
  }

  async start(importId: string): Promise<BookImportView> {
    const book = await this.find(importId);
    await writablePublication(this.queries, String(book.publication_id));
    await this.queue.assertAvailable();
    if (book.state !== 'receiving') throw startedError();
    const started = await this.books.start(book.id);
    if (!started) {
      if ((await this.books.counts(book.id)).pages === 0) throw ScanError.noPages();
      throw startedError();
    }
    await this.enqueueUnread(started);
    return this.view(started);
  }

  async retry(importId: string): Promise<BookImportView> {
    const book = await this.find(importId);
    await writablePublication(this.queries, String(book.publication_id));
    await this.queue.assertAvailable();
    const again = await this.books.retry(book.id);
    if (!again)
      throw new ScanError(
        'SCAN.BOOK_IMPORT_BUSY',
        book.state === 'receiving'
          ? 'This import has not been started yet.'
          : 'This import is still being read: Retry once it has finished, or once it has shown no progress for 10 minutes.',
      );
    await this.enqueueUnread(again);
    return this.view(again);
  }

  async get(importId: string): Promise<BookImportView> {
    return this.view(await this.find(importId));
  }

  async latestOf(publicationRef: string): Promise<BookImportView> {
    const publication = await this.queries.getPublication(publicationRef, { staff: true });
    const book = await this.books.latestOf(publication.id);
    if (!book) throw notFound();
    return this.view(book);
  }

  /** The run's chunks of unread pages, in book order; with none unread, one chunk that only assembles. */
  private async enqueueUnread(book: BookImportRow): Promise<void> {
    const unread = (await this.books.pages(book.id)).filter((p) => !p.read && !p.read_error).map((p) => p.id);
    const chunks: number[][] = [];
    for (let i = 0; i < unread.length; i += BOOK_CHUNK_PAGES) chunks.push(unread.slice(i, i + BOOK_CHUNK_PAGES));
    if (chunks.length === 0) chunks.push([]);
    for (const [k, pageIds] of chunks.entries()) {
      await this.queue.enqueue('book.read', { importId: book.id, run: book.run, pageIds }, `${book.job_id}-r${book.run}-c${k}`);
    }
  }

  private async find(importId: string): Promise<BookImportRow> {
    const book = /^\d{1,9}$/.test(importId) ? await this.books.find(Number(importId)) : null;
    if (!book) throw notFound();
    return book;
  }

  private async view(book: BookImportRow): Promise<BookImportView> {
    const counts = await this.books.counts(book.id);
    const failed = book.state === 'receiving' ? [] : (await this.books.pages(book.id)).filter((p) => p.read_error);
    const result = book.state === 'finished' && book.result ? book.result : undefined;
    return {
      id: book.id,
      publication_id: book.publication_id,
      state: book.state,
      files_received: counts.files,
      pages_total: counts.pages,
      pages_drawn: counts.drawn,
      pages_done: counts.done,
      poems_so_far: book.poems_so_far,
      failed_pages: failed.map((p) => ({
        page: p.place + 1,
        file_name: p.file_name,
        ...(p.pdf_page ? { pdf_page: p.pdf_page } : {}),
        reason: p.read_error!,
      })),
      ...(result ? { result } : {}),
      ...(book.state === 'failed' && book.error ? { error: book.error } : {}),
      created_at: new Date(book.created_at).toISOString(),
      updated_at: new Date(book.updated_at).toISOString(),
    };
  }
}

const notFound = () => new ScanError('SCAN.BOOK_IMPORT_NOT_FOUND', 'Book import not found');
const startedError = () =>
  new ScanError(
    'SCAN.BOOK_IMPORT_STARTED',
    'This import has already started: files can be added only before it starts. Start a new import for more pages.',
  );
const tooManyPages = () => new ScanError('SCAN.BOOK_TOO_MANY_PAGES', `A book import holds at most ${MAX_BOOK_IMPORT_PAGES} pages.`);
