import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loopWhile } from '../../../../test/support/event-loop.js';
import { renderBookPages, sampleBook } from '../../../../test/support/page-photos/page-photos.mjs';
import { blankPdf, damagedPdf, lockedPdf, onePagePdf, scannedPdf } from '../../../../test/support/scanned-pdf.js';
import { MAX_PDF_PAGES } from '../../../../contracts/book-import.js';
import { statusOfCode } from '../../../common/domain/error-statuses.js';
import { ImageIntakeError } from '../../domain/image-intake.error.js';
import { TesseractEngine } from '../extraction/offline/tesseract.engine.js';
import { closeImageThreads } from './image-threads.js';
import { findPage } from './page-finder.js';
import { pdfPages } from './pdf-pages.js';

/** The PDF as the store would give it, its key naming its bytes. */
const stored = (pdf: Buffer) => ({ key: createHash('sha256').update(pdf).digest('hex'), load: async () => pdf });

async function all(pdf: Buffer): Promise<Buffer[]> {
  const count = await pdfPages.count(pdf);
  const photos: Buffer[] = [];
  for await (const page of pdfPages.draw(
    stored(pdf),
    Array.from({ length: count }, (_, i) => i + 1),
  )) {
    if ('refused' in page) throw page.refused;
    expect(page.mimeType).toBe('image/jpeg');
    photos.push(page.data);
  }
  return photos;
}

/** The refusal `act` ends with. */
async function refusal(act: () => Promise<unknown>): Promise<ImageIntakeError> {
  const error = await act().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageIntakeError);
  return error as ImageIntakeError;
}

/** Refused by both methods: count before anything is kept, and its first page not drawn. */
async function refusedBoth(pdf: Buffer): Promise<ImageIntakeError> {
  const counted = await refusal(() => pdfPages.count(pdf));
  const drawn = await refusal(async () => {
    for await (const page of pdfPages.draw(stored(pdf), [1])) {
      if ('refused' in page) throw page.refused;
      throw new Error(`a page was drawn (${page.data.length} bytes)`);
    }
  });
  expect(drawn.code).toBe(counted.code);
  return counted;
}

describe('scanned PDF pages as page photos', () => {
  const cacheDir = mkdtemp(join(tmpdir(), 'pdf-pages-ocr-'));
  const engine = cacheDir.then((cachePath) => new TesseractEngine({ cachePath, poolSize: 1 }));
  afterAll(async () => {
    await closeImageThreads();
    await (await engine).terminate();
    await rm(await cacheDir, { recursive: true, force: true });
  });

  it('gives each page of a scanned book as a JPEG at its scan resolution, in order, and readable', async () => {
    const book = await renderBookPages(sampleBook(), { rotate: false, maxPages: 3, noise: 0 });
    const scans = book.pages.map((page) => page.image);
    const pdf = await scannedPdf(scans, 300);

    expect(await pdfPages.count(pdf)).toBe(3);
    const { result: photos, busyMs, elapsedMs } = await loopWhile(() => all(pdf));
    expect(photos).toHaveLength(3);
    // Drawn on the image thread: the process's own thread is busy for a small part of the drawing
    // (drawn here, it would be busy all along).
    expect(busyMs).toBeLessThan(elapsedMs / 4);
    for (const [i, photo] of photos.entries()) {
      const scan = await sharp(scans[i]).metadata();
      const page = await sharp(photo).metadata();
      expect(page.format).toBe('jpeg');
      expect({ width: page.width, height: page.height }).toEqual({ width: scan.width, height: scan.height });
    }
    // In order and readable: each photo's top reads as its own page's first line (the top alone, as
    // reading whole pages would triple the test's time and prove nothing more).
    for (const [i, photo] of photos.entries()) {
      const found = await findPage(photo);
      const top = Math.round(found.height * 0.4);
      const ocr = await (await engine).recognize({ data: found.grey.subarray(0, found.width * top), width: found.width, height: top }, i);
      const text = ocr.lines.map((line) => line.words.map((w) => w.text).join(' ')).join('\n');
      const firstLine = book.pages[i].parts.flatMap((part) => part.lines).find((line) => line.trim().length > 10) ?? '';
      expect(text).toContain(firstLine.trim().split(' ').slice(0, 3).join(' '));
    }
  }, 120_000);

  it('draws a page that is not one scan (typeset text) at 300 dpi', async () => {
    const [photo] = await all(await onePagePdf());
    const { width, height } = await sharp(photo).metadata();
    expect({ width, height }).toEqual({ width: 1250, height: 1667 });
  });

  it('refuses a damaged PDF: random bytes after its header, or a file cut short', async () => {
    const damaged = await refusedBoth(damagedPdf());
    expect(damaged.code).toBe('SCAN.PDF_UNREADABLE');
    expect(statusOfCode(damaged.code)).toBe(400);
    expect(damaged.message).toMatch(/could not be read.*damaged/);

    const whole = await scannedPdf(
      [
        await sharp({ create: { width: 600, height: 800, channels: 3, background: '#eee' } })
          .jpeg()
          .toBuffer(),
      ],
      150,
    );
    const cut = await refusedBoth(whole.subarray(0, Math.round(whole.length * 0.9)));
    expect(cut.code).toBe('SCAN.PDF_UNREADABLE');
    expect(cut.message).toMatch(/incomplete/);
  });

  it('refuses a password-protected PDF, saying to save it without the password', async () => {
    const error = await refusedBoth(await lockedPdf());
    expect(error.code).toBe('SCAN.PDF_PASSWORD');
    expect(statusOfCode(error.code)).toBe(400);
    expect(error.message).toBe('This PDF is protected by a password: save it without one and add it again.');
  });

  it(`refuses a PDF of more than ${MAX_PDF_PAGES} pages with a 413 naming the limit`, async () => {
    const error = await refusedBoth(await blankPdf(2000));
    expect(error.code).toBe('SCAN.PDF_TOO_MANY_PAGES');
    expect(statusOfCode(error.code)).toBe(413);
    expect(error.message).toContain('2,000 pages');
    expect(error.message).toContain(`up to ${MAX_PDF_PAGES.toLocaleString('en-US')}`);
  });
});
