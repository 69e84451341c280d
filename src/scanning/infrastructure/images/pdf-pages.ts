import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
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
  // At the start, not at the first PDF: what a killed process left goes even if no PDF comes.
  pdfFolder().catch(() => undefined);

  /** `work` with the PDF in a file of its own, removed after. */
  async function withFile<T>(pdf: Buffer, work: (path: string) => Promise<T>): Promise<T> {
    const path = join(await pdfFolder(), `${randomUUID()}.pdf`);
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

/** Where the processes of this machine keep their PDFs' files, each in a folder named by its pid. */
const PDF_FOLDERS = () => join(tmpdir(), 'poetry-archive', 'pdf');
const ownPdfFolder = () => join(PDF_FOLDERS(), String(process.pid));
let ownFolderReady: Promise<string> | undefined;

/** This process's folder for its PDFs' files, made (and the folders of ended processes removed) once; tried again after a failure. */
function pdfFolder(): Promise<string> {
  if (!ownFolderReady) {
    const making = pdfFolderOf(PDF_FOLDERS(), process.pid);
    ownFolderReady = making;
    making.catch(() => {
      if (ownFolderReady === making) ownFolderReady = undefined;
    });
  }
  return ownFolderReady;
}

/**
 * A process's PDF folder under `root`, made after removing what ended processes left there: a
 * process killed (kill -9, the machine's memory killer, a power cut) never ran its clean-up, and
 * its PDFs (up to MAX_PDF_MB each) would stay in the temporary folder for good. A folder of this
 * process's pid that is already there was left by an earlier process given the same pid (a
 * container's restarted process often is). Other names are not the archive's and are left alone.
 */
export async function pdfFolderOf(root: string, pid: number): Promise<string> {
  await mkdir(root, { recursive: true, mode: 0o700 });
  for (const name of await readdir(root)) {
    const owner = /^\d+$/.test(name) ? Number(name) : undefined;
    if (owner !== undefined && (owner === pid || !running(owner))) await rm(join(root, name), { recursive: true, force: true });
  }
  const own = join(root, String(pid));
  await mkdir(own, { mode: 0o700 });
  return own;
}

/** Whether a process with this pid runs (signal 0 checks without sending; EPERM: it runs as another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
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
      const path = join(ownPdfFolder(), `${randomUUID()}.pdf`);
      const ready = Promise.all([pdfFolder(), pdf.load()]).then(([, bytes]) => writeFile(path, bytes, { mode: 0o600 }));
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
