import { Inject, Injectable } from '@nestjs/common';
import { CATALOG_READ_API, type CatalogReadApi } from '../../catalog/index.js';
import type { UnscannedPages } from '../../../contracts/scanning.js';
import { POEM_EXTRACTOR, type ExtractedMetadata, type PageImage, type PoemExtractor } from './ports/extraction.port.js';
import { withoutRefusedCharacters } from '../../common/text-rules.js';
import { naturalCase } from '../domain/natural-case.js';
import { PAGE_IMAGES, type PageImages } from './ports/page-images.port.js';
import { FILE_STORE, type FileStore } from '../../media/index.js';
import { SCAN_PAGES, type ScanPages } from './ports/scan-pages.port.js';
import { ScanError } from '../domain/scan.errors.js';
import { ScanQueue, type ScanJobStatus } from './scan-queue.js';
import { inIntakeTerms, pagePhotoKey, sha256, writablePublication } from './page-intake.js';
import { keepPhoto } from './reading-copies.js';
import { BOOK_IMPORTS, type BookImports } from './ports/book-imports.port.js';
import type { StoredPageRef, StoredScanResult } from './scan-job.types.js';

/** One uploaded file, already in batch order. */
export interface UploadedImage {
  /** Form field it came in, for error messages ('page_2'). */
  field: string;
  data: Buffer;
  /** The file's own name, as the client sent it. */
  name?: string;
}

export interface SubmitOptions {
  /** Answer only once the job has finished (the default), or as soon as it is queued. */
  wait: boolean;
  /** Aborted when the client goes away, so nobody waits for nothing. */
  signal?: AbortSignal;
}

export interface Submitted {
  jobId: string;
  result?: StoredScanResult;
}

/** The scanning use cases behind the HTTP endpoints. */
@Injectable()
export class ScanService {
  constructor(
    private readonly queue: ScanQueue,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(POEM_EXTRACTOR) private readonly extractor: PoemExtractor,
    @Inject(SCAN_PAGES) private readonly pagesRepo: ScanPages,
    @Inject(PAGE_IMAGES) private readonly images: PageImages,
    @Inject(CATALOG_READ_API) private readonly queries: CatalogReadApi,
    @Inject(BOOK_IMPORTS) private readonly books: BookImports,
  ) {}

  /**
   * Keeps the page photos, then queues the scan. The job id is derived from the publication and the
   * photos' content, so the same upload twice is one job (and, run again, adds nothing twice).
   */
  async scanUpload(publicationRef: string, files: UploadedImage[], options: SubmitOptions): Promise<Submitted> {
    if (files.length === 0) throw ScanError.noPages();
    if (files.length > 10) throw ScanError.tooManyPages();
    const publication = await writablePublication(this.queries, publicationRef);
    await this.assertCanRun(options);
    // The pages as the extractor reads them, kept beside their photos: the job reads these, not the
    // full-size photos again.
    const readings = await this.checkImages(files);

    const hashes = files.map((f) => sha256(f.data));
    const jobId = `scan-${publication.id}-${sha256(`${publication.id}\n${hashes.join('\n')}`).slice(0, 32)}`;
    const pages: StoredPageRef[] = [];
    const rows = [];
    for (const [index, file] of files.entries()) {
      const stored = await inIntakeTerms(this.images.storable(file.data, file.field));
      const storageKey = pagePhotoKey(publication.id, jobId, index, stored.mimeType);
      await keepPhoto(this.store, storageKey, stored.data, readings[index]);
      rows.push({
        publicationId: publication.id,
        jobId,
        pageIndex: index,
        storageKey,
        mimeType: stored.mimeType,
        byteSize: stored.data.length,
        sha256: hashes[index],
      });
    }
    for (const row of await this.pagesRepo.savePages(rows)) {
      pages.push({ scanPageId: Number(row.id), index: row.page_index, storageKey: row.storage_key, mimeType: row.mime_type });
    }
    await this.queue.enqueue('scan.pages', { publicationId: publication.id, pages }, jobId);
    return this.answer(jobId, options);
  }

  /** Extraction again over every stored page of the publication, adding only poems not already there. */
  async reprocess(publicationRef: string, options: SubmitOptions): Promise<Submitted> {
    const publication = await writablePublication(this.queries, publicationRef);
    await this.assertCanRun(options);
    const rows = await this.pagesRepo.listForPublication(publication.id);
    if (rows.length === 0) {
      throw new ScanError('SCAN.NO_STORED_PAGES', 'This publication has no stored page images to reprocess. Upload pages first.');
    }
    const pages: StoredPageRef[] = rows.map((row, index) => ({
      scanPageId: Number(row.id),
      index,
      storageKey: row.storage_key,
      mimeType: row.mime_type,
      uploadJobId: row.job_id,
      ...(row.rotation ? { rotation: row.rotation } : {}),
    }));
    // Keyed by the pages and how each is turned: the same pages again are the same job, and a page
    // turned since makes a new one. An unturned page keys as before rotation existed.
    const key = rows.map((r) => (r.rotation ? `${r.id}@${r.rotation}` : `${r.id}`)).join(',');
    const jobId = `reprocess-${publication.id}-${sha256(key).slice(0, 24)}`;
    await this.queue.enqueue('scan.reprocess', { publicationId: publication.id, pages }, jobId);
    return this.answer(jobId, options);
  }

  /** Stored pages no scan has read to the end, split by whether a scan of them is still pending. */
  async unscannedPages(publicationRef: string): Promise<UnscannedPages> {
    const publication = await this.queries.getPublication(publicationRef, { staff: true });
    const answer: UnscannedPages = { unscanned: 0, waiting: 0, not_started: 0 };
    // A whole-book import's pages wait while it reads or assembles them; before it starts, they
    // are not a scan that did not finish but files waiting for the rest of theirs.
    const imports = await this.books.unfinishedJobIds(publication.id);
    for (const upload of await this.pagesRepo.unscannedByUpload(publication.id)) {
      const importing = imports.get(upload.job_id);
      const state = importing ? (importing === 'receiving' ? 'receiving' : 'active') : (await this.queue.status(upload.job_id))?.state;
      if (state === 'receiving') answer.not_started += upload.pages;
      else if (state === 'queued' || state === 'active') answer.waiting += upload.pages;
      else answer.unscanned += upload.pages;
    }
    return answer;
  }

  async status(jobId: string): Promise<ScanJobStatus> {
    if (!/^[a-z]+-\d+-[0-9a-f]{8,64}$/.test(jobId)) throw ScanError.jobNotFound();
    const status = await this.queue.status(jobId);
    if (!status) throw ScanError.jobNotFound();
    return status;
  }

  /** Metadata from cover, title and copyright pages; runs inline, through the same extractor. */
  async extractMetadata(files: UploadedImage[]): Promise<ExtractedMetadata> {
    if (files.length === 0) throw ScanError.noMetadataImages();
    if (files.length > 10) throw ScanError.tooManyMetadataImages();
    const images = await this.checkImages(files);
    const metadata = await this.extractor.extractMetadata(images);
    // Covers and title pages set these in capitals; the publication keeps their natural case.
    // Characters no curator could save are removed: nobody typed them.
    const clean = withoutRefusedCharacters;
    return {
      ...metadata,
      title: naturalCase(clean(metadata.title)),
      authors: metadata.authors.map((a) => naturalCase(clean(a), 'name')),
      publisher: naturalCase(clean(metadata.publisher)),
      publication_date: clean(metadata.publication_date),
      isbn: clean(metadata.isbn),
      notes: clean(metadata.notes),
    };
  }

  /** Content check, EXIF upright and scale-down for every file, before anything is kept. */
  private async checkImages(files: UploadedImage[]): Promise<PageImage[]> {
    const images: PageImage[] = [];
    for (const [index, file] of files.entries()) {
      images.push(await inIntakeTerms(this.images.normalise(file.data, index, { label: file.field })));
    }
    return images;
  }

  /** 503 now rather than a request that hangs: Redis down, or nobody to run a job we would wait for. */
  private async assertCanRun(options: SubmitOptions): Promise<void> {
    await this.queue.assertAvailable();
    if (options.wait && !(await this.queue.hasConsumers())) throw ScanError.noWorker();
  }

  private async answer(jobId: string, options: SubmitOptions): Promise<Submitted> {
    if (!options.wait) return { jobId };
    return { jobId, result: await this.queue.waitUntilFinished<'scan.pages'>(jobId, options.signal) };
  }
}
