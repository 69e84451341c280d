import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { ImageIntakeError, type ImageIntakeErrorCode } from '../../domain/image-intake.error.js';
import type { GreyImage } from '../../domain/page-reading/ink-heights.js';
import type { Box, OcrPage } from '../../domain/page-reading/ocr-page.js';
import type { ReadingContext } from '../../domain/page-reading/page-layout.js';
import type { FoundPage } from './page-finder.js';
import { endPdfProcesses } from './pdf-process.js';
import { oneFullSizePhotoAtATime } from './photo-decoding.js';

/**
 * The synchronous image work of a scan runs on a worker thread, so the process that scans (the API
 * itself in the embedded setup) keeps answering while a book is read: finding the page in a photo
 * (OpenCV's WebAssembly, some 0.15 s a photo), measuring the ink of the lines read (10-30 ms a page) and the layout analysis of the
 * pages read (some 10 ms a page, a whole batch at once).
 * Piscina keeps the thread, queues the work and carries errors back; OCR already runs on
 * tesseract.js's own threads.
 *
 * One thread: the photos go one at a time anyway, as the process-wide full-size-photo limiter
 * holds each for its whole trip, so memory stays as bounded as before. The thread starts on first
 * use (with OpenCV, ~0.2 s and ~100 MB), is kept while photos come and ends after ten minutes idle;
 * an idle thread never keeps the process alive, and the application ends it on shutdown. Drawing a
 * scanned PDF's pages (pdf.js, a second or so a page) has a process of its own (pdf-process.ts).
 */

/** The worker's entry beside this module with this module's extension: .js built, .ts from source (run under the TypeScript loader the process has, whose execArgv the thread inherits). */
const entry = new URL(`./image-threads.worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url).href;

const IDLE_MS = 10 * 60_000;

/** The work the image thread does (image-threads.worker.ts). */
export type ImageTask =
  | { kind: 'findPage'; image: Uint8Array }
  | { kind: 'inkHeights'; image: GreyImage; lines: Array<{ bbox: Box; baseline?: Box }> }
  | { kind: 'assemblePoems'; pages: OcrPage[]; context?: ReadingContext }
  | { kind: 'readMetadata'; pages: OcrPage[] };

/** The thread's answer: a refusal of the intake travels as its code and message, since a thread's errors arrive as plain Errors. */
export type ImageAnswer = { value: unknown } | { refused: { code: ImageIntakeErrorCode; message: string } };

let pool: Piscina | undefined;

/** The thread's answer, the intake's refusals raised again as they were. */
function valueOf<T>(answer: ImageAnswer): T {
  if ('refused' in answer) throw new ImageIntakeError(answer.refused.code, answer.refused.message);
  return answer.value as T;
}

/** Runs a task on the image thread. */
export async function onImageThread<T>(task: ImageTask): Promise<T> {
  pool ??= new Piscina({ filename: entry, minThreads: 0, maxThreads: 1, idleTimeout: IDLE_MS });
  return valueOf<T>(await pool.run(task));
}

/** A Uint8Array that arrived from another thread, as the Buffer it was. */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Finds the page in a photo on the image thread (see page-finder.ts for what it does). */
export function findPageOffThread(image: Buffer): Promise<FoundPage> {
  return oneFullSizePhotoAtATime(async () => {
    const found = await onImageThread<Omit<FoundPage, 'grey'> & { grey: Uint8Array }>({ kind: 'findPage', image });
    return { ...found, grey: asBuffer(found.grey) };
  });
}

/** Ends the image thread and the PDF drawing processes (the application's shutdown); a later photo or PDF starts new ones. */
export async function closeImageThreads(): Promise<void> {
  const closing = pool;
  pool = undefined;
  endPdfProcesses();
  await closing?.destroy();
}
