import sharp from 'sharp';
import type { PageImage } from '../extraction/extraction.port.js';

/**
 * Image intake: every uploaded page photo passes through here before extraction or storage.
 * The type is decided by the file's first bytes, never by its name or the client's content type.
 */

export type AcceptedImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export const ACCEPTED_IMAGE_TYPES: readonly AcceptedImageType[] = ['image/jpeg', 'image/png', 'image/webp'];

/** Long side of a normalised page, in pixels: enough for OCR of book type, small enough for AI payloads. */
export const PAGE_LONG_SIDE = 2000;

export type ImageIntakeErrorCode =
  | 'IMAGE.UNSUPPORTED_TYPE' // 415: not JPEG, PNG or WebP
  | 'IMAGE.EMPTY' // 400: zero-byte file
  | 'IMAGE.UNREADABLE'; // 400: right signature, but the image cannot be decoded

/** Domain error of the intake; the HTTP layer maps UNSUPPORTED_TYPE to 415 and the others to 400. */
export class ImageIntakeError extends Error {
  constructor(
    readonly code: ImageIntakeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ImageIntakeError';
  }
}

/** Recognises the accepted types by their signatures. */
export function detectImageType(data: Uint8Array): AcceptedImageType | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => data[i] === b)) return 'image/png';
  if (data.length >= 12 && ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
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
    if (/^(heic|heix|hevc|heim|heis|mif1|msf1)$/.test(brand)) return 'a HEIC/HEIF photo';
    if (brand === 'avif') return 'an AVIF image';
  }
  return undefined;
}

function ascii(data: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...data.subarray(start, Math.min(end, data.length)));
}

export interface IntakeOptions {
  /** How the file is named to the admin in error messages, e.g. the form field 'page_2'. */
  label?: string;
}

/**
 * Checks a page photo by content, turns it upright by its EXIF orientation, scales it down so its
 * long side is at most PAGE_LONG_SIDE and re-encodes it as JPEG (metadata stripped).
 */
export async function normalisePageImage(data: Buffer, index: number, options: IntakeOptions = {}): Promise<PageImage> {
  const label = options.label ?? `Image ${index + 1}`;
  if (data.length === 0) {
    throw new ImageIntakeError('IMAGE.EMPTY', `${label} is empty. Accepted types are JPEG, PNG and WebP images.`);
  }
  const type = detectImageType(data);
  if (!type) {
    const what = describeUnsupported(data);
    throw new ImageIntakeError(
      'IMAGE.UNSUPPORTED_TYPE',
      `${label} is ${what ?? 'not a supported image'}. Accepted types are JPEG, PNG and WebP images.`,
    );
  }
  try {
    const { data: out, info } = await sharp(data, { failOn: 'error' })
      .autoOrient()
      .resize(PAGE_LONG_SIDE, PAGE_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return { index, data: out, mimeType: 'image/jpeg', width: info.width, height: info.height };
  } catch (error) {
    throw new ImageIntakeError(
      'IMAGE.UNREADABLE',
      `${label} looks like ${type.slice(6).toUpperCase()} but could not be read (${(error as Error).message}).`,
    );
  }
}
