import type { PdfPages } from '../../application/ports/pdf-pages.port.js';
import { ImageIntakeError } from '../../domain/image-intake.error.js';

const refused = () => new ImageIntakeError('SCAN.PDF_NOT_SUPPORTED', 'This server does not read PDF files yet: send the book\u2019s pages as photos (JPEG, PNG, WebP or HEIC).');

/** PdfPages for a server without a PDF reader: every PDF is refused before anything is kept. */
export const refusedPdfPages: PdfPages = {
  count: () => Promise.reject(refused()),
  // eslint-disable-next-line require-yield -- refuses before the first page
  async *pages() {
    throw refused();
  },
};
