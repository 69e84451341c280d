import {
  ExtractionError,
  ownReadings,
  type BookNames,
  type ExtractedMetadata,
  type ExtractedPoem,
  type ExtractionProgress,
  type PageImage,
  type PageReading,
  type PoemExtractor,
  type ReadingContext,
} from '../../../src/scanning/application/ports/extraction.port.js';
import { assemblePoems, type PageLayout, type PoemBlock } from '../../../src/scanning/domain/assemble-poems.js';
import { textOf } from './page-photos.js';

/** A page's text (page-photos.ts) as the layout an extractor reads from it. */
export function layoutOf(text: string, index: number): PageLayout {
  const lines = text.split('\n');
  const page: PageLayout = { index, blocks: [] };
  if (/^\d+$/.test(lines[0] ?? '')) page.pageNumber = Number(lines.shift());
  let block: PoemBlock | undefined;
  for (const line of lines) {
    if (line.startsWith('# ')) page.blocks.push((block = { title: line.slice(2), lines: [] }));
    else if (block) block.lines.push(line);
    else page.blocks.push((block = { lines: [line] }));
  }
  return page;
}

/**
 * An extractor that reads the text fake page photos carry, page by page, and joins the pages into
 * poems with the domain's one assembler, as both real extractors do: a poem running over a page
 * turn comes back as one poem, and a batch beginning mid-poem comes back marked `continues`.
 * Readings of another extractor are refused. `metadata` is what extractMetadata answers; pages
 * whose text includes `unreadable page` fail with EXTRACTION.FAILED.
 *
 * Left out: OCR and its mistakes, running heads and folios, the stanza breaks a page's layout shows
 * at a page turn, and the model's answers of the OpenAI extractor.
 */
export class FakeExtractor implements PoemExtractor {
  readonly kind = 'offline' as const;
  readonly concurrency = 1;
  metadata: ExtractedMetadata = { title: '', authors: [], publisher: '', publication_date: '', isbn: '', notes: '' };
  /** Every page read, by its index in its batch. */
  readonly pagesRead: number[] = [];
  metadataImages: PageImage[] = [];
  /** The book's names each assembly was given (the fake's pages carry no running heads to judge). */
  readonly booksNamed: Array<BookNames | undefined> = [];

  async readPage(page: PageImage): Promise<PageReading> {
    const text = textOf(page.data);
    if (text === undefined || text.includes('unreadable page')) {
      throw new ExtractionError('EXTRACTION.FAILED', `Page ${page.index + 1} could not be read.`);
    }
    this.pagesRead.push(page.index);
    return { extractor: this.kind, index: page.index, page: layoutOf(text, page.index) };
  }

  async assemble(readings: PageReading[], context?: ReadingContext): Promise<ExtractedPoem[]> {
    this.booksNamed.push(context?.names);
    return assemblePoems(ownReadings<PageLayout>(this.kind, readings).map((r) => r.page));
  }

  async extractPoems(
    pages: PageImage[],
    onProgress?: (progress: ExtractionProgress) => void,
    context?: ReadingContext,
  ): Promise<ExtractedPoem[]> {
    const readings: PageReading[] = [];
    for (const page of pages) {
      readings.push(await this.readPage(page));
      onProgress?.({ pagesDone: readings.length, pagesTotal: pages.length });
    }
    return this.assemble(readings, context);
  }

  async extractMetadata(images: PageImage[]): Promise<ExtractedMetadata> {
    this.metadataImages = images;
    return { ...this.metadata, authors: [...this.metadata.authors] };
  }
}
