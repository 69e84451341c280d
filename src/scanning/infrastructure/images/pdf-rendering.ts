import { createCanvas } from '@napi-rs/canvas';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { MAX_PDF_PAGES } from '../../../../contracts/book-import.js';
import { ascii } from '../../domain/image-type.js';
import { ImageIntakeError } from '../../domain/image-intake.error.js';
import { MAX_PAGE_MEGAPIXELS } from './photo-decoding.js';
import { checkPdfCosts } from './pdf-costs.js';

/**
 * A scanned PDF's pages drawn as photos, read with pdf.js (Mozilla's PDF reader, its build for Node)
 * and drawn with @napi-rs/canvas (Skia, prebuilt from the registry): no shell tools, nothing
 * fetched. A page that is one scan filling the page is drawn at that scan's own resolution, so
 * its photo has the scan's pixels; any other page at PDF_PAGE_DPI. This is the work of the PDF
 * drawing process (pdf-process.ts), never of the server's own: drawing a page is a second or so of
 * synchronous work, and its memory (decoded scans, the canvas) is outside V8's heap.
 */

/** The resolution of a page that is not one full-page scan: enough for OCR of book type. */
export const PDF_PAGE_DPI = 300;
/**
 * Long side of a PDF page's photo at most, in pixels: a 12-inch page at 600 dpi. A page also
 * stays within MAX_PAGE_MEGAPIXELS, so its photo passes the intake as any photo does.
 */
export const PDF_PAGE_LONG_SIDE = 7200;
/** A scan covering this share of the page is taken for the page itself (a scanner's margins aside). */
const FULL_PAGE_SHARE = 0.8;
/** The PDF format asks for its end marker within the file's last 1024 bytes: without it the file was cut short. */
const END_MARKER_WINDOW = 1024;
const JPEG_QUALITY = 90;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let pdfjsLoading: Promise<PdfJs> | undefined;
/** pdf.js costs some 100 ms to load: only when a PDF comes. */
function pdfjs(): Promise<PdfJs> {
  return (pdfjsLoading ??= import('pdfjs-dist/legacy/build/pdf.mjs'));
}

/** The package's own fonts, character maps, colour profiles and image decoders (JPEG 2000, JBIG2), read from disk. */
const pdfjsFiles = (() => {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const folder = (name: string) => join(root, name) + '/';
  return { standardFontDataUrl: folder('standard_fonts'), cMapUrl: folder('cmaps'), iccUrl: folder('iccs'), wasmUrl: folder('wasm') };
})();

function unreadable(why: string): ImageIntakeError {
  return new ImageIntakeError(
    'SCAN.PDF_UNREADABLE',
    `This PDF could not be read: ${why}. Save or export it again from the program that made it (or download it again) and add it again.`,
  );
}

/** Opens the PDF (its structure only: no page is drawn), refusing what cannot become page photos. */
async function open(pdf: Uint8Array): Promise<PDFDocumentProxy> {
  if (pdf.length === 0) throw unreadable('the file is empty');
  if (ascii(pdf, 0, 5) !== '%PDF-') throw unreadable('it is not a PDF file');
  if (!Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).subarray(-END_MARKER_WINDOW).includes('%%EOF'))
    throw unreadable('the file is incomplete (cut short, perhaps by a download that did not finish)');
  // What drawing it would cost, before pdf.js reads any of it.
  checkPdfCosts(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), MAX_PAGE_MEGAPIXELS);
  const { getDocument } = await pdfjs();
  let document: PDFDocumentProxy;
  try {
    // pdf.js takes the bytes over (it detaches them): they are this process's own, read for this opening.
    // maxImageSize: should an image's size still get past the check above (one the check could not
    // read), pdf.js leaves it out of the page rather than decode it.
    document = await getDocument({
      data: pdf,
      isEvalSupported: false,
      verbosity: 0,
      maxImageSize: MAX_PAGE_MEGAPIXELS * 1_000_000,
      ...pdfjsFiles,
    }).promise;
  } catch (error) {
    if ((error as Error).name === 'PasswordException') {
      throw new ImageIntakeError('SCAN.PDF_PASSWORD', 'This PDF is protected by a password: save it without one and add it again.');
    }
    throw unreadable('it is damaged');
  }
  if (document.numPages > MAX_PDF_PAGES) {
    const pages = document.numPages;
    await document.destroy();
    throw new ImageIntakeError(
      'SCAN.PDF_TOO_MANY_PAGES',
      `This PDF has ${pages.toLocaleString('en-US')} pages; a book may have up to ${MAX_PDF_PAGES.toLocaleString('en-US')}. Split it into its books and add each one on its own.`,
    );
  }
  return document;
}

/** A 2 × 3 matrix of the PDF's transforms [a, b, c, d, e, f], applied as the content stream nests them. */
type Matrix = [number, number, number, number, number, number];
const multiply = ([a, b, c, d, e, f]: Matrix, [g, h, i, j, k, l]: Matrix): Matrix => [
  a * g + c * h,
  b * g + d * h,
  a * i + c * j,
  b * i + d * j,
  a * k + c * l + e,
  b * k + d * l + f,
];

/**
 * Pixels per PDF point at which the page is drawn: the resolution of the scan that fills it, when
 * one does (searchable scans carry an invisible text layer too), else PDF_PAGE_DPI; within the caps.
 */
async function scaleOf(page: PDFPageProxy, OPS: PdfJs['OPS']): Promise<number> {
  const [x0, y0, x1, y1] = page.view;
  const pageArea = Math.abs((x1 - x0) * (y1 - y0));
  const { fnArray, argsArray } = await page.getOperatorList();
  const stack: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let scanScale = 0;
  fnArray.forEach((op, i) => {
    const args = argsArray[i] as unknown[];
    if (op === OPS.save) stack.push(ctm);
    else if (op === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (op === OPS.transform) ctm = multiply(ctm, args as Matrix);
    else if (op === OPS.paintImageXObject || op === OPS.paintInlineImageXObject || op === OPS.paintImageMaskXObject) {
      const size = imageSize(args);
      const [a, b, c, d] = ctm;
      // An image fills the unit square, which the transform maps to the page.
      if (!size || Math.abs(a * d - b * c) < FULL_PAGE_SHARE * pageArea) return;
      scanScale = Math.max(scanScale, size.width / Math.hypot(a, b), size.height / Math.hypot(c, d));
    }
  });
  const wanted = scanScale || PDF_PAGE_DPI / 72;
  const { width, height } = page.getViewport({ scale: 1 });
  const cap = Math.min(PDF_PAGE_LONG_SIDE / Math.max(width, height), Math.sqrt((MAX_PAGE_MEGAPIXELS * 1_000_000) / (width * height)));
  return Math.min(wanted, cap);
}

/** An image's pixel size from its drawing operation's arguments: [id, width, height], or an inline image. */
function imageSize(args: unknown[]): { width: number; height: number } | undefined {
  if (typeof args[1] === 'number' && typeof args[2] === 'number') return { width: args[1], height: args[2] };
  const image = args[0] as { width?: unknown; height?: unknown } | undefined;
  if (typeof image?.width === 'number' && typeof image.height === 'number') return { width: image.width, height: image.height };
  return undefined;
}

/** One page drawn and encoded as JPEG (a full-size photo in memory: the caller holds the limiter). */
async function pagePhoto(document: PDFDocumentProxy, number: number): Promise<Buffer> {
  const { OPS } = await pdfjs();
  const page = await document.getPage(number);
  try {
    const viewport = page.getViewport({ scale: await scaleOf(page, OPS) });
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    // pdf.js draws on a browser canvas, which Skia's canvas stands in for in Node (as pdf.js's own Node factory does).
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
    const jpeg = await canvas.encode('jpeg', JPEG_QUALITY);
    // Frees the canvas's pixels now rather than at the next collection.
    canvas.width = canvas.height = 0;
    return jpeg;
  } finally {
    page.cleanup();
  }
}

/** The page count of a PDF, or the intake's refusal. */
export async function countPdfPages(pdf: Uint8Array): Promise<number> {
  const document = await open(pdf);
  const pages = document.numPages;
  await document.destroy();
  return pages;
}

/**
 * The PDF whose pages are being drawn, kept open between its pages (they come one by one, in
 * order, and parsing it again for each would cost as much as a page); `id` names one reading.
 */
let reading: { id: string; document: Promise<PDFDocumentProxy> } | undefined;

/** Opens the PDF to be read as `id` (its bytes from `load`), kept for its pages; its page count, or the intake's refusal. */
export async function openPdf(id: string, load: () => Promise<Uint8Array>): Promise<number> {
  if (reading?.id !== id) {
    await closePdf(reading?.id);
    const opening = { id, document: load().then(open) };
    reading = opening;
    opening.document.catch(() => {
      if (reading === opening) reading = undefined;
    });
  }
  return (await reading.document).numPages;
}

/** Page `number` (1-based) of the PDF read as `id` (opened again if another took its place), as a JPEG. */
export async function drawPdfPage(id: string, load: () => Promise<Uint8Array>, number: number): Promise<Buffer> {
  await openPdf(id, load);
  const document = await reading!.document;
  try {
    return await pagePhoto(document, number);
  } catch (error) {
    if (error instanceof ImageIntakeError) throw error;
    throw unreadable(`page ${number} is damaged (${(error as Error).message})`);
  }
}

/** Forgets the PDF read as `id` (its pages are all drawn, or no longer wanted). */
export async function closePdf(id: string | undefined): Promise<void> {
  if (!reading || reading.id !== id) return;
  const { document } = reading;
  reading = undefined;
  await (await document.catch(() => undefined))?.destroy();
}
