/** A scanned book's PDF as page photos, for a whole-book import. */
export interface PdfPages {
  /** Page count, or throws ImageIntakeError (400 'SCAN.PDF_UNREADABLE' damaged / 'SCAN.PDF_PASSWORD' protected / 413 'SCAN.PDF_TOO_MANY_PAGES' over MAX_PDF_PAGES / 422 'IMAGE.TOO_MANY_PIXELS' an image over the photos' pixel limit / 422 'SCAN.PDF_TOO_COSTLY' streams that unpack too large) before anything is kept. */
  count(pdf: Buffer): Promise<number>;
  /** Each page as a storable photo (JPEG), at the resolution of its scan, in order. */
  pages(pdf: Buffer): AsyncIterable<{ data: Buffer; mimeType: 'image/jpeg' }>;
}
export const PDF_PAGES = Symbol('PDF_PAGES');

/** A PDF is told from a photo by its first bytes, whatever its name or declared type. */
export { isPdf } from '../../../media/index.js';
