import { randomUUID } from 'node:crypto';
import type { PdfPages } from '../../application/ports/pdf-pages.port.js';
import { asBuffer, onPdfThread } from './image-threads.js';
import { oneFullSizePhotoAtATime } from './photo-decoding.js';

/**
 * A scanned PDF's pages as page photos (pdf-rendering.ts draws them), on a thread of their own
 * (onPdfThread) so that the API keeps answering while a book's PDF is taken in, and the memory of
 * its drawing goes with that thread when the reading ends. The pages are drawn one at a time, each
 * holding the process's full-size-photo limiter, so a 300-page PDF never has more than one page's
 * pixels in memory.
 */
export const pdfPages: PdfPages = {
  count(pdf) {
    return onPdfThread<number>({ kind: 'pdfCount', pdf });
  },

  async *pages(pdf) {
    // The thread reads the bytes where they are (memory shared, not copied for each page).
    const shared = new Uint8Array(new SharedArrayBuffer(pdf.byteLength));
    shared.set(pdf);
    const id = randomUUID();
    try {
      const total = await onPdfThread<number>({ kind: 'pdfOpen', id, pdf: shared });
      for (let number = 1; number <= total; number++) {
        const page = await oneFullSizePhotoAtATime(() => onPdfThread<Uint8Array>({ kind: 'pdfPage', id, pdf: shared, number }));
        yield { data: asBuffer(page), mimeType: 'image/jpeg' as const };
      }
    } finally {
      await onPdfThread({ kind: 'pdfDone', id });
    }
  },
};
