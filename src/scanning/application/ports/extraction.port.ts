import type { PublicationFields } from '../../../../contracts/catalog.js';
import { DomainError } from '../../../common/domain/domain-error.js';
import type { AssembledPoem } from '../../domain/assemble-poems.js';
import type { BookNames } from '../../domain/page-reading/page-furniture.js';
import type { ReadingContext } from '../../domain/page-reading/page-layout.js';

export type { ReadingContext };

/**
 * The extraction port: turns normalised page images into poems or publication metadata.
 * Two adapters implement it: offline (Tesseract plus our layout analysis) and OpenAI vision.
 */

/** A page ready for extraction: content-checked, turned upright, long side scaled to about 2000 px. */
export interface PageImage {
  /** Position in the uploaded batch, 0-based (page_0 is 0). */
  index: number;
  /** Encoded image (JPEG or PNG) after normalisation. */
  data: Buffer;
  mimeType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  /** The BCP 47 tag of the book's language: offline OCR reads with its model, the AI is told it. */
  language?: string;
}

/** The book's title and authors: running heads print them. */
export type { BookNames };

/** A poem as an extractor read it (the domain's assembler makes them from per-page readings). */
export type ExtractedPoem = AssembledPoem;

/** Metadata read from cover, title and copyright pages: the editable fields of a publication. */
export type ExtractedMetadata = PublicationFields;

export interface ExtractionProgress {
  pagesDone: number;
  pagesTotal: number;
}

/** Which extractor made a reading: one extractor's readings mean nothing to the other. */
export type ExtractorKind = 'offline' | 'openai';

/**
 * What an extractor read on one page, kept as JSON (a book import stores it as soon as the page is
 * read, so a job cut off mid-book reads only the pages still unread).
 */
export interface PageReading {
  extractor: ExtractorKind;
  /** PageImage.index of the page it was read from: its place in the book. */
  index: number;
  /** The extractor's own reading (offline: the OCR page; OpenAI: the model's page answer). */
  page: unknown;
}

export interface PoemExtractor {
  readonly kind: ExtractorKind;
  /** Pages it reads at once; a caller reading many pages keeps this many in flight. */
  readonly concurrency: number;
  /** Reads one page; throws ExtractionError when the page cannot be read. */
  readPage(page: PageImage): Promise<PageReading>;
  /**
   * The poems of many pages' readings, given in book order: running heads, folios and poems running
   * over a page break are judged over all of them. Readings of another extractor are refused.
   * The book's title and authors, where known, are running heads wherever a page prints them.
   */
  assemble(readings: PageReading[], context?: ReadingContext): Promise<ExtractedPoem[]>;
  /**
   * Pages are given in book order; a poem running over a page break comes back as one poem (readPage,
   * then assemble). `context` tells what is known of the book beyond them: its title and authors, and
   * what the publication holds before them (a play's scene).
   */
  extractPoems(pages: PageImage[], onProgress?: (progress: ExtractionProgress) => void, context?: ReadingContext): Promise<ExtractedPoem[]>;
  extractMetadata(images: PageImage[]): Promise<ExtractedMetadata>;
  /** Releases engines kept alive between calls (the offline OCR workers); called at shutdown. */
  close?(): Promise<void>;
}

export const POEM_EXTRACTOR = Symbol('POEM_EXTRACTOR');

export type ExtractionErrorCode =
  | 'EXTRACTION.AI_RATE_LIMITED' // 429
  | 'EXTRACTION.AI_PAYLOAD_TOO_LARGE' // 413
  | 'EXTRACTION.AI_PROVIDER_FAILED' // 502, message names the AI provider
  | 'EXTRACTION.FAILED'; // 500-class failure of the offline engine

/** The readings an extractor can assemble: its own; another's (the extractor was changed mid-book) would be misread. */
export function ownReadings<T>(kind: ExtractorKind, readings: PageReading[]): Array<{ index: number; page: T }> {
  const foreign = readings.find((r) => r.extractor !== kind);
  if (foreign)
    throw new ExtractionError(
      'EXTRACTION.FAILED',
      `Page ${foreign.index + 1} was read by the ${foreign.extractor} extractor, not the ${kind} one: read it again.`,
    );
  return readings.map((r) => ({ index: r.index, page: r.page as T }));
}

/** Thrown by adapters; the status comes from the one table of codes, the message is kept. */
export class ExtractionError extends DomainError {
  constructor(
    override readonly code: ExtractionErrorCode,
    message: string,
    /** Worth another run (a provider's hiccup), whatever the status. */
    readonly retryable = false,
  ) {
    super(code, message);
  }
}
