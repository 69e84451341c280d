import sharp, { type Sharp } from '../../../common/sharp.js';
import { PAGE_PHOTO_TYPES, PAGE_PHOTO_TYPES_NAMED } from '../../../../contracts/scanning.js';
import type { PageImage } from '../../application/ports/extraction.port.js';
import type { PageImages } from '../../application/ports/page-images.port.js';
import { ascii, detectImageType } from '../../../media/index.js';
import { ImageIntakeError } from '../../domain/image-intake.error.js';
import { heifToJpeg } from './heif-to-jpeg.js';
import { MAX_PAGE_MEGAPIXELS, oneFullSizePhotoAtATime } from './photo-decoding.js';

/**
 * Image intake: every uploaded page photo passes through here before extraction or storage.
 * The type is decided by the file's first bytes, never by its name or the client's content type.
 * HEIC/HEIF (a phone's default) is decoded here and kept as JPEG, which every browser shows.
 */

/** The types told apart by their first bytes; HEIF photos are all 'image/heic' here. */
export type AcceptedImageType = Exclude<keyof typeof PAGE_PHOTO_TYPES, 'image/heif'>;

const ACCEPTED = `Accepted types are ${PAGE_PHOTO_TYPES_NAMED}.`;

/**
 * Long side of a normalised page, in pixels: enough for OCR of book type, small enough for AI payloads.
 * Pages normalised at upload are kept as reading copies (application/reading-copies.ts): a change
 * to what normalisePageImage makes must rename those copies, or old ones are read as new.
 */
export const PAGE_LONG_SIDE = 2000;

/**
 * The most pixels a page photo may have (MAX_PAGE_MEGAPIXELS, kept in photo-decoding.ts so the PDF
 * drawing process reads it without loading sharp), so that any accepted photo costs a bounded
 * amount of memory (bench/photo-memory-bench.mjs measures it). 50 megapixels takes every phone's
 * standard photo and its 48 and 50 megapixel modes, and a book page scanned at 600 dpi; a
 * progressive JPEG or an interlaced PNG, which must be decoded whole, then still needs well under
 * 500 MB. HEIC/HEIF is decoded whole by libheif at some 12 bytes a pixel, so it stops at 25
 * megapixels: a phone's 12 and 24 megapixel photos (its 48 megapixel HEIF is refused with this message).
 */
export const MAX_HEIF_MEGAPIXELS = 25;
export { MAX_PAGE_MEGAPIXELS };

/** Recognises the accepted types by their signatures. */
/**
 * HEIC/HEIF photos as full-size JPEG, each decoded once (the upload's checks and the page store
 * ask for the same photo): keyed by the upload's own bytes, forgotten with them.
 */
const heifAsJpeg = new WeakMap<Buffer, Promise<Buffer>>();

function jpegOfHeif(data: Buffer): Promise<Buffer> {
  let jpeg = heifAsJpeg.get(data);
  if (!jpeg) heifAsJpeg.set(data, (jpeg = heifToJpeg(data)));
  return jpeg;
}

/**
 * Refuses a photo with more pixels than the limit, from its header, before anything decodes it.
 * sharp reads the dimensions of every accepted type, HEIC/HEIF too (its container, not its
 * pictures).
 */
async function checkPixels(data: Buffer, type: AcceptedImageType, label: string): Promise<void> {
  const { width = 0, height = 0 } = await sharp(data).metadata();
  const megapixels = type === 'image/heic' ? MAX_HEIF_MEGAPIXELS : MAX_PAGE_MEGAPIXELS;
  if (width * height <= megapixels * 1_000_000) return;
  const heif = type === 'image/heic' ? ' for HEIC/HEIF (a JPEG may have up to 50; set the camera to its standard size, or to JPEG)' : '';
  throw new ImageIntakeError(
    'IMAGE.TOO_MANY_PIXELS',
    `${label} is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels (${Math.round((width * height) / 1_000_000)} megapixels); ` +
      `the archive takes photos of up to ${megapixels} megapixels${heif}. Use the camera's standard size or scale the photo down.`,
  );
}

/**
 * The image ready for sharp, read a strip at a time (sequentialRead) and never more pixels than
 * the limit (limitInputPixels, in case a header lied); HEIC/HEIF decoded to JPEG first, since
 * sharp's image library has no HEVC decoder.
 */
async function open(data: Buffer, type: AcceptedImageType): Promise<Sharp> {
  const options = { failOn: 'error', sequentialRead: true, limitInputPixels: MAX_PAGE_MEGAPIXELS * 1_000_000 } as const;
  return type === 'image/heic' ? sharp(await jpegOfHeif(data), options) : sharp(data, options).autoOrient();
}

/** Names a few common rejected formats, so the error tells the admin what they actually sent. */
function describeUnsupported(data: Uint8Array): string | undefined {
  const head4 = ascii(data, 0, 4);
  if (ascii(data, 0, 5) === '%PDF-') return 'a PDF document';
  if (head4 === 'GIF8') return 'a GIF image';
  if (ascii(data, 0, 2) === 'BM') return 'a BMP image';
  if (head4 === 'II*\0' || head4 === 'MM\0*') return 'a TIFF image';
  if (ascii(data, 4, 8) === 'ftyp') {
    const brand = ascii(data, 8, 12);
    if (brand === 'avif') return 'an AVIF image';
  }
  return undefined;
}

export interface IntakeOptions {
  /** How the file is named to the admin in error messages, e.g. the form field 'page_2'. */
  label?: string;
  /** Degrees clockwise to turn the photo after its EXIF orientation (a curator's quarter turns). */
  rotation?: number;
}

/**
 * Checks a page photo by content, turns it upright by its EXIF orientation (then by the curator's
 * rotation, if any), scales it down so its
 * long side is at most PAGE_LONG_SIDE and re-encodes it as JPEG (metadata stripped).
 */
export async function normalisePageImage(data: Buffer, index: number, options: IntakeOptions = {}): Promise<PageImage> {
  const label = options.label ?? `Image ${index + 1}`;
  if (data.length === 0) {
    throw new ImageIntakeError('IMAGE.EMPTY', `${label} is empty. ${ACCEPTED}`);
  }
  const type = detectImageType(data);
  if (!type) {
    const what = describeUnsupported(data);
    throw new ImageIntakeError('IMAGE.UNSUPPORTED_TYPE', `${label} is ${what ?? 'not a supported image'}. ${ACCEPTED}`);
  }
  return oneFullSizePhotoAtATime(async () => {
    await checkPixels(data, type, label).catch((error: unknown) => Promise.reject(unreadable(error, label, type)));
    try {
      const image = await open(data, type);
      if (options.rotation) image.rotate(options.rotation);
      const { data: out, info } = await image
        .resize(PAGE_LONG_SIDE, PAGE_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 88, mozjpeg: false })
        .toBuffer({ resolveWithObject: true });
      return { index, data: out, mimeType: 'image/jpeg', width: info.width, height: info.height };
    } catch (error) {
      throw unreadable(error, label, type);
    }
  });
}

/** A failure to read a photo of a recognised type, as the intake's error (its own errors pass as they are). */
function unreadable(error: unknown, label: string, type: AcceptedImageType): ImageIntakeError {
  if (error instanceof ImageIntakeError) return error;
  return new ImageIntakeError(
    'IMAGE.UNREADABLE',
    `${label} looks like ${TYPE_NAMES[type]} but could not be read (${(error as Error).message}).`,
  );
}

const TYPE_NAMES: Record<AcceptedImageType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/heic': 'HEIC/HEIF',
};

/**
 * The photo as the page store keeps it for the admin to see: the upload itself, except a HEIC/HEIF
 * photo, which browsers other than Safari cannot show, kept as a full-size JPEG.
 */
export async function storableImage(
  data: Buffer,
  label = 'Image',
): Promise<{ data: Buffer; mimeType: Exclude<AcceptedImageType, 'image/heic'> }> {
  const type = detectImageType(data);
  if (type !== 'image/heic') return { data, mimeType: type === undefined ? 'image/jpeg' : type };
  return oneFullSizePhotoAtATime(async () => {
    try {
      await checkPixels(data, type, label);
      return { data: await jpegOfHeif(data), mimeType: 'image/jpeg' as const };
    } catch (error) {
      throw unreadable(error, label, type);
    }
  });
}

/**
 * A page normalisePageImage made, kept and read back: a whole JPEG (ending in its end-of-image
 * marker, so one cut short is refused) no larger than a normalised page, its size from its header.
 */
export async function readingCopy(data: Buffer, index: number): Promise<PageImage> {
  const whole =
    detectImageType(data) === 'image/jpeg' && data.length > 4 && data[data.length - 2] === 0xff && data[data.length - 1] === 0xd9;
  const { width = 0, height = 0 } = whole ? await sharp(data).metadata() : {};
  if (width === 0 || height === 0 || Math.max(width, height) > PAGE_LONG_SIDE) {
    throw new ImageIntakeError('IMAGE.UNREADABLE', `Image ${index + 1} is not a normalised page.`);
  }
  return { index, data, mimeType: 'image/jpeg', width, height };
}

/**
 * A stored page photo as a screen shows it: upright by its EXIF orientation, at most `width`
 * pixels wide (never enlarged), WebP, metadata stripped. A 3-8 MB phone photo becomes some
 * 100-300 KB at the reader's sizes.
 */
export async function screenCopy(data: Buffer, width: number): Promise<Buffer> {
  const type = detectImageType(data);
  if (!type || type === 'image/heic')
    throw new ImageIntakeError('IMAGE.UNSUPPORTED_TYPE', 'Only a stored JPEG, PNG or WebP photo has a screen copy.');
  return oneFullSizePhotoAtATime(async () => {
    try {
      return await (await open(data, type)).resize({ width, withoutEnlargement: true }).webp({ quality: 80, effort: 4 }).toBuffer();
    } catch (error) {
      throw unreadable(error, 'The page photo', type);
    }
  });
}

/** A stored photo's size upright: EXIF orientations 5 to 8 and a quarter turn each swap its sides. */
export async function photoSize(data: Buffer, rotation = 0): Promise<{ width: number; height: number }> {
  const { width = 0, height = 0, orientation = 1 } = await sharp(data).metadata();
  if (width === 0 || height === 0) throw new ImageIntakeError('IMAGE.UNREADABLE', 'The page photo has no size in its header.');
  const swapped = orientation >= 5 !== (rotation % 180 === 90);
  return swapped ? { width: height, height: width } : { width, height };
}

/** The intake as the use cases reach it (application/ports/page-images.port.ts). */
export const pageImageIntake: PageImages = { normalise: normalisePageImage, storable: storableImage, readingCopy, screenCopy, photoSize };
