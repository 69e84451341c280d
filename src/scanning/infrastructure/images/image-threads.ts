import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { FoundPage } from './page-finder.js';
import { oneFullSizePhotoAtATime } from './photo-decoding.js';

/**
 * The synchronous image work of a scan (finding the page: OpenCV's WebAssembly, some 0.15 s a
 * photo) runs on a worker thread, so the process that scans (the API itself in the embedded setup)
 * keeps answering while a book is read. Piscina keeps the thread, queues the work and carries
 * errors back; OCR already runs on tesseract.js's own threads.
 *
 * One thread: the photos go one at a time anyway, as the process-wide full-size-photo limiter
 * holds each for its whole trip, so memory stays bounded as before. The thread starts on first
 * use (with OpenCV, ~0.2 s and ~100 MB), is kept while photos come and ends after a minute idle;
 * an idle thread never keeps the process alive, and the application ends it on shutdown.
 */

/** The worker's entry beside this module with this module's extension: .js built, .ts from source (run under the TypeScript loader the process has, whose execArgv the thread inherits). */
const entry = new URL(`./image-threads.worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url).href;

const IDLE_MS = 60_000;

let pool: Piscina | undefined;

function threads(): Piscina {
  pool ??= new Piscina({ filename: entry, minThreads: 0, maxThreads: 1, idleTimeout: IDLE_MS });
  return pool;
}

/** The task the worker runs (image-threads.worker.ts). */
export interface FindPageTask {
  image: Uint8Array;
}

/** Finds the page in a photo on the image thread (see page-finder.ts for what it does). */
export function findPageOffThread(image: Buffer): Promise<FoundPage> {
  return oneFullSizePhotoAtATime(async () => {
    const found = (await threads().run({ image } satisfies FindPageTask)) as Omit<FoundPage, 'grey'> & { grey: Uint8Array };
    return { ...found, grey: Buffer.from(found.grey.buffer, found.grey.byteOffset, found.grey.byteLength) };
  });
}

/** Ends the image thread (the application's shutdown); a later photo starts a new one. */
export async function closeImageThreads(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
