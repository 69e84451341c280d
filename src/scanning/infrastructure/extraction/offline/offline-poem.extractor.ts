import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ExtractionError,
  type ExtractedMetadata,
  type ExtractedPoem,
  type ExtractionProgress,
  type PageImage,
  type PoemExtractor,
} from '../../../application/ports/extraction.port.js';
import { mapWithConcurrency } from '../map-with-concurrency.js';
import { closeImageThreads, onImageThread } from '../../images/image-threads.js';
import { findPage } from '../../images/page-finder.js';
import type { OcrPage } from './ocr-page.js';
import { TesseractEngine } from './tesseract.engine.js';

export interface OfflineExtractorOptions {
  /** Folder for the engine's unpacked model (created on first use). */
  cachePath: string;
  /** Pages read at once; defaults to the CPU count, at most 2, since each worker is one thread. */
  concurrency?: number;
}

/** The unpacked model is a re-creatable cache, so it lives in the system temp folder, not DATA_DIR. */
export function defaultOfflineOptions(): OfflineExtractorOptions {
  return { cachePath: join(tmpdir(), 'poetry-archive', 'tesseract') };
}

/**
 * The default extractor: the page found in the photo and flattened (page-finder), Tesseract for
 * the words, our layout analysis for the poem's shape.
 */
export class OfflinePoemExtractor implements PoemExtractor {
  private readonly engine: TesseractEngine;

  constructor(options: OfflineExtractorOptions) {
    const poolSize = Math.max(1, options.concurrency ?? Math.min(2, availableParallelism()));
    this.engine = new TesseractEngine({ cachePath: options.cachePath, poolSize });
  }

  private async readAll(pages: PageImage[], onProgress?: (progress: ExtractionProgress) => void): Promise<OcrPage[]> {
    let done = 0;
    return mapWithConcurrency(pages, this.engine.size, async (page) => {
      let read: OcrPage;
      try {
        const found = await findPage(page.data);
        read = await this.engine.recognize({ data: found.grey, width: found.width, height: found.height }, page.index);
      } catch (error) {
        throw new ExtractionError('EXTRACTION.FAILED', `Text recognition failed on page ${page.index + 1}: ${(error as Error).message}`);
      }
      done++;
      onProgress?.({ pagesDone: done, pagesTotal: pages.length });
      return read;
    });
  }

  /** Pages read at once (one OCR worker each). */
  get concurrency(): number {
    return this.engine.size;
  }

  async extractPoems(pages: PageImage[], onProgress?: (progress: ExtractionProgress) => void): Promise<ExtractedPoem[]> {
    const read = await this.readAll(pages, onProgress);
    // The layout analysis of a batch is synchronous work too: on the image thread.
    return onImageThread<ExtractedPoem[]>({ kind: 'assemblePoems', pages: read });
  }

  async extractMetadata(images: PageImage[]): Promise<ExtractedMetadata> {
    const read = await this.readAll(images);
    return onImageThread<ExtractedMetadata>({ kind: 'readMetadata', pages: read });
  }

  async close(): Promise<void> {
    await Promise.all([this.engine.terminate(), closeImageThreads()]);
  }
}
