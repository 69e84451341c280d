import { MAX_PDF_PAGES } from '../../../contracts/book-import.js';
import type { PageImage } from '../../../src/scanning/application/ports/extraction.port.js';
import type { PageImages } from '../../../src/scanning/application/ports/page-images.port.js';
import type { DrawnPdfPage, PdfPages, StoredPdf } from '../../../src/scanning/application/ports/pdf-pages.port.js';
import { ImageIntakeError } from '../../../src/scanning/domain/image-intake.error.js';
import { detectImageType } from '../../../src/media/index.js';

/**
 * Page photos that are a few bytes each: a real image type's signature (so the checks that go by
 * a file's first bytes see a JPEG, PNG or HEIC) followed by the text printed on the page, which
 * FakeExtractor reads back. The text is the page as a reader sees it: an optional first line of
 * digits is its printed page number, `# Title` starts a poem, other lines are verse (an empty line
 * a stanza break); a page whose first lines come before any title continues a poem.
 */

const SIGNATURES = {
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/heic': Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic', 'latin1')]),
};
const JPEG_END = Buffer.from([0xff, 0xd9]);
const MARK = 'fake-page:';

export type FakePhotoType = keyof typeof SIGNATURES;

export function pagePhoto(text: string, type: FakePhotoType = 'image/jpeg'): Buffer {
  return Buffer.concat([SIGNATURES[type], Buffer.from(`${MARK}${Buffer.from(text).toString('base64')};`, 'latin1'), JPEG_END]);
}

/** A file that is no photo at all (a GIF): refused by its first bytes. */
export const gifFile = () => Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
/** A JPEG by its signature whose picture cannot be decoded. */
export const brokenJpeg = () => Buffer.concat([SIGNATURES['image/jpeg'], Buffer.from('not a picture', 'latin1')]);

/** The page text a fake photo (or the reading made from it) carries; undefined for anything else. */
export function textOf(data: Buffer): string | undefined {
  const found = new RegExp(`${MARK}([A-Za-z0-9+/=]*);`).exec(data.toString('latin1'));
  return found ? Buffer.from(found[1], 'base64').toString() : undefined;
}

const ACCEPTED = 'Accepted types are JPEG, PNG, WebP and HEIC/HEIF.';

/**
 * The image intake over fake photos, refusing as the real one does (page-image.intake.ts): an
 * empty file (IMAGE.EMPTY), one that is no accepted type by its bytes (IMAGE.UNSUPPORTED_TYPE),
 * one of a known type that does not decode (IMAGE.UNREADABLE), each naming the file by its label.
 * A normalised page is a JPEG carrying the photo's text; HEIC is stored as JPEG.
 *
 * Left out: pixels (every page is 1400 × 2000), EXIF orientation, the size limit, and rotation
 * (a turned page reads the same text).
 */
export class FakePageImages implements PageImages {
  /** How many photos were decoded in full (a reading copy read back is not). */
  normalised = 0;

  async normalise(data: Buffer, index: number, options: { label?: string; rotation?: number } = {}): Promise<PageImage> {
    const label = options.label ?? `Image ${index + 1}`;
    if (data.length === 0) throw new ImageIntakeError('IMAGE.EMPTY', `${label} is empty. ${ACCEPTED}`);
    const type = detectImageType(data);
    if (!type) {
      const what = data.subarray(0, 5).toString('latin1') === '%PDF-' ? 'a PDF document' : 'not a supported image';
      throw new ImageIntakeError('IMAGE.UNSUPPORTED_TYPE', `${label} is ${what}. ${ACCEPTED}`);
    }
    const text = textOf(data);
    if (text === undefined) throw new ImageIntakeError('IMAGE.UNREADABLE', `${label} looks like an image but could not be read.`);
    this.normalised++;
    return { index, data: pagePhoto(text), mimeType: 'image/jpeg', width: 1400, height: 2000 };
  }

  async storable(data: Buffer): Promise<{ data: Buffer; mimeType: 'image/jpeg' | 'image/png' | 'image/webp' }> {
    const type = detectImageType(data);
    if (type === 'image/heic') return { data: pagePhoto(textOf(data) ?? ''), mimeType: 'image/jpeg' };
    return { data, mimeType: type ?? 'image/jpeg' };
  }

  async readingCopy(data: Buffer, index: number): Promise<PageImage> {
    const whole = detectImageType(data) === 'image/jpeg' && data.subarray(-2).equals(JPEG_END) && textOf(data) !== undefined;
    if (!whole) throw new ImageIntakeError('IMAGE.UNREADABLE', `Image ${index + 1} is not a normalised page.`);
    return { index, data, mimeType: 'image/jpeg', width: 1400, height: 2000 };
  }

  /** Every photo is as large as its page (no pixels to measure here); a quarter turn swaps its sides. */
  async photoSize(_data: Buffer, rotation = 0): Promise<{ width: number; height: number }> {
    return rotation % 180 === 90 ? { width: 2000, height: 1400 } : { width: 1400, height: 2000 };
  }

  /** The screen copy is the photo itself, marked with its width (no pixels to scale here). */
  async screenCopy(data: Buffer, width: number): Promise<Buffer> {
    return Buffer.concat([data, Buffer.from(`\n@${width}`)]);
  }
}

/** A scanned PDF whose pages print these texts. */
export function scannedPdf(pages: string[]): Buffer {
  return Buffer.from(`%PDF-1.7\n${MARK}${Buffer.from(JSON.stringify(pages)).toString('base64')};`, 'latin1');
}

/** A PDF cut short: its header and nothing readable after it. */
export const damagedPdf = () => Buffer.from('%PDF-1.7\n%%garbage', 'latin1');

/**
 * PDFs as their pages, over fake PDFs: a damaged one is SCAN.PDF_UNREADABLE and one over
 * MAX_PDF_PAGES is SCAN.PDF_TOO_MANY_PAGES, before any page is given, as pdf-pages.ts refuses.
 * Each page comes as a fake JPEG photo of its text; a page printing TOO_COSTLY_PAGE is refused as
 * one that needs more memory to draw than the archive allows.
 *
 * Left out: rendering, password-protected files, and the resolution of the scan.
 */
/** The text of a fake PDF page that cannot be drawn (SCAN.PDF_TOO_MUCH_MEMORY). */
export const TOO_COSTLY_PAGE = '(a page too costly to draw)';

export class FakePdfPages implements PdfPages {
  private texts(pdf: Buffer): string[] {
    const text = textOf(pdf);
    if (text === undefined) throw new ImageIntakeError('SCAN.PDF_UNREADABLE', 'This PDF is damaged or incomplete and cannot be read.');
    return JSON.parse(text) as string[];
  }

  async count(pdf: Buffer): Promise<number> {
    const count = this.texts(pdf).length;
    if (count > MAX_PDF_PAGES) {
      throw new ImageIntakeError('SCAN.PDF_TOO_MANY_PAGES', `This PDF has ${count} pages; a PDF may have at most ${MAX_PDF_PAGES}.`);
    }
    return count;
  }

  async *draw(pdf: StoredPdf, numbers: number[]): AsyncIterable<DrawnPdfPage> {
    const texts = this.texts(await pdf.load());
    for (const number of numbers) {
      const text = texts[number - 1];
      yield text === TOO_COSTLY_PAGE
        ? {
            number,
            refused: new ImageIntakeError(
              'SCAN.PDF_TOO_MUCH_MEMORY',
              `Page ${number} of this PDF needs more memory to draw than the archive allows.`,
            ),
          }
        : { number, data: pagePhoto(text), mimeType: 'image/jpeg' };
    }
  }
}
