import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ExtractionError,
  type ExtractedMetadata,
  type ExtractedPoem,
  type ExtractionProgress,
  ownReadings,
  type PageImage,
  type PageReading,
  type PoemExtractor,
  type ReadingContext,
} from '../../../application/ports/extraction.port.js';
import { mapWithConcurrency } from '../../../../common/map-with-concurrency.js';
import { closeImageThreads, onImageThread } from '../../images/image-threads.js';
import { findPage } from '../../images/page-finder.js';
import type { BookMetadata } from '../../../domain/page-reading/metadata-reader.js';
import type { OcrPage } from '../../../domain/page-reading/ocr-page.js';
import { TesseractEngine } from './tesseract.engine.js';
import { proposeLanguage } from '../language-proposal.js';
import { ocrLanguagesFor } from '../../../../config/ocr-languages.js';

export interface OfflineExtractorOptions {
  /** Folder for the engine's unpacked model (created on first use). */
  cachePath: string;
  /** Pages read at once; defaults to the CPU count, at most 2, since each worker is one thread. */
  concurrency?: number;
  /** Tesseract languages (AppConfig.ocrLanguages), the main one first; English when absent. */
  languages?: string[];
}

/** The unpacked model is a re-creatable cache, so it lives in the system temp folder, not DATA_DIR. */
export function defaultOfflineOptions(languages?: string[]): OfflineExtractorOptions {
  return { cachePath: join(tmpdir(), 'poetry-archive', 'tesseract'), languages };
}

/**
 * The default extractor: the page found in the photo and flattened (page-finder), Tesseract for
 * the words, our layout analysis for the poem's shape.
 */
export class OfflinePoemExtractor implements PoemExtractor {
  readonly kind = 'offline' as const;
  private readonly engine: TesseractEngine;
  /** One pool per other set of languages a book was read with (workers load their models once). */
  private readonly engines = new Map<string, TesseractEngine>();

  constructor(private readonly options: OfflineExtractorOptions) {
    const poolSize = Math.max(1, options.concurrency ?? Math.min(2, availableParallelism()));
    this.engine = new TesseractEngine({ cachePath: options.cachePath, poolSize, languages: options.languages });
  }

  /** The pool reading a book in its language (PageImage.language); the default one without it. */
  private engineFor(page: PageImage): TesseractEngine {
    const defaults = this.options.languages ?? ['eng'];
    const languages = ocrLanguagesFor(page.language, defaults);
    if (languages.join('+') === defaults.join('+')) return this.engine;
    let engine = this.engines.get(languages.join('+'));
    if (!engine) {
      engine = new TesseractEngine({ cachePath: this.options.cachePath, poolSize: this.engine.size, languages });
      this.engines.set(languages.join('+'), engine);
    }
    return engine;
  }

  private async readOcr(page: PageImage): Promise<OcrPage> {
    try {
      const found = await findPage(page.data);
      const read = await this.engineFor(page).recognize({ data: found.grey, width: found.width, height: found.height }, page.index);
      return { ...read, photo: { width: page.width, height: page.height, fromPage: found.toImage } };
    } catch (error) {
      throw new ExtractionError('EXTRACTION.FAILED', `Text recognition failed on page ${page.index + 1}: ${(error as Error).message}`);
    }
  }

  private async readAll(pages: PageImage[], onProgress?: (progress: ExtractionProgress) => void): Promise<OcrPage[]> {
    let done = 0;
    return mapWithConcurrency(pages, this.engine.size, async (page) => {
      const read = await this.readOcr(page);
      done++;
      onProgress?.({ pagesDone: done, pagesTotal: pages.length });
      return read;
    });
  }

  /** The OCR page: words and lines with their boxes, plain JSON. */
  async readPage(page: PageImage): Promise<PageReading> {
    return { extractor: this.kind, index: page.index, page: await this.readOcr(page) };
  }

  /**
   * The layout analysis over the whole book at once, so running heads and folios are judged on
   * every page, the book's own title and authors among them. It is synchronous work: on the image
   * thread, off the event loop.
   */
  async assemble(readings: PageReading[], context?: ReadingContext): Promise<ExtractedPoem[]> {
    const pages = ownReadings<OcrPage>(this.kind, readings).map((r) => ({ ...r.page, index: r.index }));
    return onImageThread<ExtractedPoem[]>({ kind: 'assemblePoems', pages, context });
  }

  /** Pages read at once (one OCR worker each). */
  get concurrency(): number {
    return this.engine.size;
  }

  async extractPoems(
    pages: PageImage[],
    onProgress?: (progress: ExtractionProgress) => void,
    context?: ReadingContext,
  ): Promise<ExtractedPoem[]> {
    const read = await this.readAll(pages, onProgress);
    return this.assemble(
      read.map((page, i) => ({ extractor: this.kind, index: pages[i].index, page })),
      context,
    );
  }

  async extractMetadata(images: PageImage[]): Promise<ExtractedMetadata> {
    const read = await this.readAll(images);
    // The domain's reading of the front pages is the port's metadata (checked here by the compiler).
    const metadata: ExtractedMetadata = await onImageThread<BookMetadata>({ kind: 'readMetadata', pages: read });
    const text = read.flatMap((page) => page.lines.map((line) => line.words.map((word) => word.text).join(' '))).join('\n');
    const language = proposeLanguage(text);
    return language ? { ...metadata, language } : metadata;
  }

  async close(): Promise<void> {
    await Promise.all([this.engine.terminate(), ...[...this.engines.values()].map((e) => e.terminate()), closeImageThreads()]);
  }
}
