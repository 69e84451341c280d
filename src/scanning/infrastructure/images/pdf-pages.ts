import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PdfPages } from '../../application/ports/pdf-pages.port.js';
import { asBuffer } from './image-threads.js';
import { oneFullSizePhotoAtATime } from './photo-decoding.js';
import { PdfDrawingProcess } from './pdf-process.js';

/** Memory a PDF's drawing process may hold when no setting says otherwise (PDF_PAGE_MEMORY_MB, app-config.ts). */
export const DEFAULT_PDF_PAGE_MEMORY_BYTES = 1536 * 1024 * 1024;

/**
 * A scanned PDF's pages as page photos (pdf-rendering.ts draws them), in a process of their own
 * with `memoryBytes` of memory at most (pdf-process.ts): the API keeps answering while a book's PDF
 * is taken in, a page that needs more than that is refused without harming the archive, and the
 * memory of the drawing goes with that process when the reading ends. The PDF goes to the process
 * as a file, written once for each reading and removed after it, so its bytes (up to MAX_PDF_MB)
 * never travel over the channel page after page. The pages are drawn one at a time, each holding
 * the process's full-size-photo limiter, so the server never holds more than one page's photo.
 */
export function pdfPagesWithin(memoryBytes: number): PdfPages {
  const drawing = new PdfDrawingProcess(memoryBytes);

  /** `work` with the PDF in a file of its own, removed after. */
  async function withFile<T>(pdf: Buffer, work: (path: string) => Promise<T>): Promise<T> {
    const path = join(tmpdir(), `archive-pdf-${randomUUID()}.pdf`);
    try {
      await writeFile(path, pdf, { mode: 0o600 });
      return await work(path);
    } finally {
      await rm(path, { force: true });
    }
  }

  return {
    count(pdf) {
      return withFile(pdf, (path) => drawing.run<number>({ kind: 'pdfCount', path }));
    },

    async *pages(pdf) {
      const path = join(tmpdir(), `archive-pdf-${randomUUID()}.pdf`);
      const id = randomUUID();
      try {
        await writeFile(path, pdf, { mode: 0o600 });
        const total = await drawing.run<number>({ kind: 'pdfOpen', id, path });
        for (let number = 1; number <= total; number++) {
          const page = await oneFullSizePhotoAtATime(() => drawing.run<Uint8Array>({ kind: 'pdfPage', id, path, number }));
          yield { data: asBuffer(page), mimeType: 'image/jpeg' as const };
        }
      } finally {
        await drawing.run({ kind: 'pdfDone', id, path }).catch(() => undefined);
        await rm(path, { force: true });
      }
    },
  };
}

/** Within the default memory; the scanning module gives the application's setting. */
export const pdfPages: PdfPages = pdfPagesWithin(DEFAULT_PDF_PAGE_MEMORY_BYTES);
