import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PdfPages, StoredPdf } from '../../application/ports/pdf-pages.port.js';
import { ImageIntakeError } from '../../domain/image-intake.error.js';
import { asBuffer } from './image-threads.js';
import { oneFullSizePhotoAtATime } from './photo-decoding.js';
import { PdfDrawingProcess } from './pdf-process.js';

/** Memory a PDF's drawing process may hold when no setting says otherwise (PDF_PAGE_MEMORY_MB, app-config.ts). */
export const DEFAULT_PDF_PAGE_MEMORY_BYTES = 1536 * 1024 * 1024;

/**
 * A scanned PDF's pages as page photos (pdf-rendering.ts draws them), in a process of their own
 * with `memoryBytes` of memory at most (pdf-process.ts): the archive keeps answering while a book's
 * PDF is drawn by its import's job, a page that needs more than that is refused without harming the
 * archive (or the PDF's other pages), and the
 * memory of the drawing goes with that process when the reading ends. The PDF goes to the process
 * as a file (written once for a count and removed after it; loaded from the store once for the
 * pages drawn one job after another, PdfFiles), so its bytes (up to MAX_PDF_MB) never travel over
 * the channel page after page. The pages are drawn one at a time, each holding
 * the process's full-size-photo limiter, so the server never holds more than one page's photo.
 */
export function pdfPagesWithin(memoryBytes: number): PdfPages {
  const drawing = new PdfDrawingProcess(memoryBytes);
  const files = new PdfFiles();

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

    async *draw(pdf, numbers) {
      const id = randomUUID();
      const file = await files.take(pdf);
      /** The page, or its refusal: a page the process could not draw ends that page, not the others. */
      const page = async (number: number) => {
        try {
          const data = await oneFullSizePhotoAtATime(() => drawing.run<Uint8Array>({ kind: 'pdfPage', id, path: file.path, number }));
          return { number, data: asBuffer(data), mimeType: 'image/jpeg' as const };
        } catch (err) {
          if (err instanceof ImageIntakeError) return { number, refused: err };
          throw err;
        }
      };
      try {
        // Opened once for all these pages (a page drawn after the process ended opens it again);
        // a PDF that cannot be opened is refused page by page.
        await drawing.run<number>({ kind: 'pdfOpen', id, path: file.path }).catch((err: unknown) => {
          if (!(err instanceof ImageIntakeError)) throw err;
        });
        for (const number of numbers) yield await page(number);
      } finally {
        await drawing.run({ kind: 'pdfDone', id, path: file.path }).catch(() => undefined);
        file.release();
      }
    },
  };
}

/**
 * How long a stored PDF loaded for drawing stays on this machine's disk after its pages were drawn:
 * an import's pages are drawn a few at a time, each few by a job that reads them next, so the job
 * after it (in this process) draws from the same file instead of loading the PDF (up to MAX_PDF_MB)
 * from the store again.
 */
const KEEP_LOADED_MS = 120_000;

/** Stored PDFs loaded into files of their own in the temporary folder, by their store key. */
class PdfFiles {
  /** Each loading its own file name: one whose time is up is removed without touching a later loading's. */
  private readonly loaded = new Map<string, { path: string; ready: Promise<void>; users: number; timer?: NodeJS.Timeout }>();

  constructor() {
    // The files go with the process, whichever way it ends its event loop.
    process.once('exit', () => {
      for (const { path } of this.loaded.values()) rmSync(path, { force: true });
    });
  }

  /** The PDF's file, loaded once while it is kept; `release` when its pages are drawn. */
  async take(pdf: StoredPdf): Promise<{ path: string; release: () => void }> {
    let entry = this.loaded.get(pdf.key);
    if (!entry) {
      const path = join(tmpdir(), `archive-pdf-${randomUUID()}.pdf`);
      const ready = pdf.load().then((bytes) => writeFile(path, bytes, { mode: 0o600 }));
      const loading = { path, ready, users: 0 };
      this.loaded.set(pdf.key, loading);
      // A load that failed is tried again by the next job.
      ready.catch(() => {
        if (this.loaded.get(pdf.key) === loading) this.loaded.delete(pdf.key);
        void rm(path, { force: true });
      });
      entry = loading;
    }
    clearTimeout(entry.timer);
    entry.users++;
    const current = entry;
    const release = () => {
      if (--current.users > 0) return;
      current.timer = setTimeout(() => {
        if (this.loaded.get(pdf.key) === current) this.loaded.delete(pdf.key);
        void rm(current.path, { force: true });
      }, KEEP_LOADED_MS).unref();
    };
    try {
      await current.ready;
      return { path: current.path, release };
    } catch (err) {
      release();
      throw err;
    }
  }
}

/** Within the default memory; the scanning module gives the application's setting. */
export const pdfPages: PdfPages = pdfPagesWithin(DEFAULT_PDF_PAGE_MEMORY_BYTES);
