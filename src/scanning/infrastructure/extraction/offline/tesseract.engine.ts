import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { ocrLanguageData } from '../../../../config/ocr-languages.js';
import { onImageThread } from '../../images/image-threads.js';
import { inkHeights, type GreyImage, type InkHeights } from '../../../domain/page-reading/ink-heights.js';
import type { OcrLine, OcrPage } from '../../../domain/page-reading/ocr-page.js';

/**
 * Unpacks each language's shipped model into the cache folder once, atomically (write then
 * rename), so several processes sharing the folder never read a half-written file; workers then
 * only read it. One folder per set of languages and model versions, as Tesseract loads a set from one folder.
 */
async function prepareModelCache(cachePath: string, languages: string[]): Promise<string> {
  const models = languages.map((code) => {
    const data = ocrLanguageData(code);
    if (!data) throw new Error(`no language data installed for "${code}" (@tesseract.js-data/${code})`);
    return data;
  });
  const dir = join(cachePath, models.map((m) => `${m.code}-${m.version}`).join('+'));
  await mkdir(dir, { recursive: true });
  for (const { code, langPath } of models) {
    const target = join(dir, `${code}.traineddata`);
    try {
      await access(target);
      continue;
    } catch {
      // Not unpacked yet.
    }
    const unpacked = await promisify(gunzip)(await readFile(join(langPath, `${code}.traineddata.gz`)));
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, unpacked);
    await rename(temporary, target);
  }
  return dir;
}

export interface TesseractEngineOptions {
  /** Where tesseract.js may keep its unpacked copy of the traineddata. */
  cachePath: string;
  /** Workers kept alive; each runs on its own thread, so more than the CPU count only adds memory. */
  poolSize: number;
  /** Tesseract language codes, the main one first; English when absent. */
  languages?: string[];
}

type TesseractBlock = NonNullable<Awaited<ReturnType<Worker['recognize']>>['data']['blocks']>[number];

/** The engine's blocks as engine-neutral lines with their geometry (and ink heights, given the image read). */
export function toOcrPage(blocks: TesseractBlock[], index: number, width: number, height: number, image?: GreyImage): OcrPage {
  const lines: OcrLine[] = [];
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        lines.push({
          words: line.words.map((w) => ({
            text: w.text,
            bbox: w.bbox,
            confidence: w.confidence,
            symbols: w.symbols?.map((c) => ({ text: c.text, bbox: c.bbox })),
          })),
          bbox: line.bbox,
          baseline: line.baseline,
          rowHeight: line.rowAttributes?.rowHeight,
          ink: image ? inkHeights(image, line.bbox, line.baseline) : undefined,
          confidence: line.confidence,
        });
      }
    }
  }
  return { index, width, height, lines };
}

/**
 * A small pool of long-lived Tesseract workers. Starting a worker costs about a second (WASM and
 * model load), so workers are created on first use, reused for every later page and terminated
 * only when the application shuts down.
 */
export class TesseractEngine {
  private readonly idle: Worker[] = [];
  private readonly waiting: Array<{ resolve: (w: Worker) => void; reject: (e: Error) => void }> = [];
  private readonly all = new Set<Worker>();
  private creating = 0;
  private closed = false;

  constructor(private readonly options: TesseractEngineOptions) {}

  get size(): number {
    return this.options.poolSize;
  }

  private modelCache?: Promise<string>;

  private async create(): Promise<Worker> {
    const languages = this.options.languages ?? ['eng'];
    this.modelCache ??= prepareModelCache(this.options.cachePath, languages);
    const cachePath = await this.modelCache.catch((error) => {
      this.modelCache = undefined;
      throw error;
    });
    // Every model is already unpacked in cachePath; langPath names the same folder, so a missing
    // file fails here rather than sending tesseract.js to its download.
    const worker = await createWorker(languages.join('+'), OEM.LSTM_ONLY, {
      langPath: cachePath,
      gzip: false,
      cachePath,
      cacheMethod: 'readOnly',
    });
    // One block of text: the column modes (PSM 3, 4) drop a page number set apart below the text,
    // and our layout analysis does the column work anyway.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
    return worker;
  }

  private async acquire(): Promise<Worker> {
    if (this.closed) throw new Error('text recognition engine has been shut down');
    const ready = this.idle.pop();
    if (ready) return ready;
    if (this.all.size + this.creating < this.options.poolSize) {
      this.creating++;
      try {
        const worker = await this.create();
        this.all.add(worker);
        return worker;
      } finally {
        this.creating--;
      }
    }
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  private release(worker: Worker): void {
    if (this.closed) {
      this.all.delete(worker);
      void worker.terminate();
      return;
    }
    const next = this.waiting.shift();
    if (next) next.resolve(worker);
    else this.idle.push(worker);
  }

  /** Reads one greyscale page (as the page finder returns it) into lines with their geometry. */
  async recognize(page: GreyImage, index: number): Promise<OcrPage> {
    if (page.data.length !== page.width * page.height)
      throw new Error(`expected ${page.width}x${page.height} greyscale pixels, got ${page.data.length} bytes`);
    // Binary PGM: Leptonica reads it without decompression, unlike PNG or JPEG.
    const pgm = Buffer.concat([Buffer.from(`P5\n${page.width} ${page.height}\n255\n`, 'ascii'), page.data]);
    const worker = await this.acquire();
    let data: Awaited<ReturnType<Worker['recognize']>>['data'];
    try {
      ({ data } = await worker.recognize(pgm, {}, { blocks: true, text: false }));
    } catch (error) {
      // A worker that failed mid-page may be in a bad state; replace it rather than reuse it.
      this.all.delete(worker);
      void worker.terminate().catch(() => undefined);
      const next = this.waiting.shift();
      if (next) this.acquire().then(next.resolve, next.reject);
      throw error;
    }
    this.release(worker);
    const read = toOcrPage(data.blocks ?? [], index, page.width, page.height);
    // Measuring each line's ink is some 10-30 ms of pixel loops a page: on the image thread.
    const inks = await onImageThread<Array<InkHeights | undefined>>({
      kind: 'inkHeights',
      image: page,
      lines: read.lines.map(({ bbox, baseline }) => ({ bbox, baseline })),
    });
    read.lines.forEach((line, i) => (line.ink = inks[i]));
    return read;
  }

  async terminate(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.reject(new Error('text recognition engine has been shut down'));
    const idle = this.idle.splice(0);
    for (const worker of idle) this.all.delete(worker);
    await Promise.all(idle.map((w) => w.terminate().catch(() => undefined)));
  }
}
