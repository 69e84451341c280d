import type { ImageIntakeError } from '../../domain/image-intake.error.js';

/** A PDF's page drawn as a storable photo (JPEG, at the resolution of its scan), or why it could not be. */
export type DrawnPdfPage = { number: number; data: Buffer; mimeType: 'image/jpeg' } | { number: number; refused: ImageIntakeError };

/** A PDF kept in the file store: its key names these bytes and no others (the key holds their checksum). */
export interface StoredPdf {
  key: string;
  load(): Promise<Buffer>;
}

/** A scanned book's PDF as page photos, for a whole-book import. */
export interface PdfPages {
  /** Page count, or throws ImageIntakeError (400 'SCAN.PDF_UNREADABLE' damaged / 'SCAN.PDF_PASSWORD' protected / 413 'SCAN.PDF_TOO_MANY_PAGES' over MAX_PDF_PAGES / 422 'IMAGE.TOO_MANY_PIXELS' an image over the photos' pixel limit / 422 'SCAN.PDF_TOO_COSTLY' streams that unpack too large) before anything is kept. */
  count(pdf: Buffer): Promise<number>;
  /**
   * Pages `numbers` (1-based) of a stored PDF, one at a time in that order; the PDF is loaded once
   * for the pages of several calls that follow each other. A page that cannot be drawn (more
   * memory than drawing may take: 'SCAN.PDF_TOO_MUCH_MEMORY'; a PDF the reader stops on) comes as
   * its refusal and the next page is drawn still; anything else (the store failing) throws.
   */
  draw(pdf: StoredPdf, numbers: number[]): AsyncIterable<DrawnPdfPage>;
}
export const PDF_PAGES = Symbol('PDF_PAGES');

/** A PDF is told from a photo by its first bytes, whatever its name or declared type. */
export { isPdf } from '../../../media/index.js';
