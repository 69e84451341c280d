import { createRequire } from 'node:module';
import sharp, { type Sharp } from 'sharp';
import { PAGE_PHOTO_TYPES, PAGE_PHOTO_TYPES_NAMED } from '../../../../contracts/scanning.js';
import { DomainError } from '../../../common/domain/domain-error.js';
import type { PageImage } from '../../application/ports/extraction.port.js';

/**
 * Image intake: every uploaded page photo passes through here before extraction or storage.
 * The type is decided by the file's first bytes, never by its name or the client's content type.
 * HEIC/HEIF (a phone's default) is decoded here and kept as JPEG, which every browser shows.
 */

/** The types told apart by their first bytes; HEIF photos are all 'image/heic' here. */
export type AcceptedImageType = Exclude<keyof typeof PAGE_PHOTO_TYPES, 'image/heif'>;

const ACCEPTED = `Accepted types are ${PAGE_PHOTO_TYPES_NAMED}.`;

/** Long side of a normalised page, in pixels: enough for OCR of book type, small enough for AI payloads. */
export const PAGE_LONG_SIDE = 2000;

export type ImageIntakeErrorCode =
  | 'IMAGE.UNSUPPORTED_TYPE' // 415: not JPEG, PNG, WebP or HEIC/HEIF
  | 'IMAGE.EMPTY' // 400: zero-byte file
  | 'IMAGE.UNREADABLE'; // 400: right signature, but the image cannot be decoded

/** Domain error of the intake: UNSUPPORTED_TYPE is a 415, the others 400 (the one table of codes). */
export class ImageIntakeError extends DomainError {
  constructor(
    override readonly code: ImageIntakeErrorCode,
    message: string,
  ) {
    super(code, message);
  }
}

/** Recognises the accepted types by their signatures. */
export function detectImageType(data: Uint8Array): AcceptedImageType | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => data[i] === b)) return 'image/png';
  if (data.length >= 12 && ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'image/webp';
  if (data.length >= 12 && ascii(data, 4, 8) === 'ftyp' && HEIF_BRANDS.test(ascii(data, 8, 12))) return 'image/heic';
  return undefined;
}

/** Major brands of HEIF files whose pictures are HEVC-coded (iPhone photos are "heic"). */
const HEIF_BRANDS = /^(heic|heix|hevc|hevx|heim|heis|hevm|hevs|mif1|msf1)$/;

const require = createRequire(import.meta.url);

/**
 * Decodes a HEIC/HEIF photo with libheif compiled to WebAssembly (heic-decode): the prebuilt image
 * library has no HEVC decoder. libheif applies the photo's rotation itself.
 */
async function decodeHeif(data: Buffer): Promise<Sharp> {
  const decode = require('heic-decode') as (input: { buffer: Uint8Array }) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
  const image = await decode({ buffer: data });
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), { raw: { width: image.width, height: image.height, channels: 4 } });
}

/** The image ready for sharp: as it is, or decoded first when sharp cannot read its coding. */
async function open(data: Buffer, type: AcceptedImageType): Promise<Sharp> {
  return type === 'image/heic' ? decodeHeif(data) : sharp(data, { failOn: 'error' }).autoOrient();
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
    throw new ImageIntakeError('IMAGE.EMPTY', `${label} is empty. ${ACCEPTED}`);
  }
  const type = detectImageType(data);
  if (!type) {
    const what = describeUnsupported(data);
    throw new ImageIntakeError(
      'IMAGE.UNSUPPORTED_TYPE',
      `${label} is ${what ?? 'not a supported image'}. ${ACCEPTED}`,
    );
  }
  try {
    const { data: out, info } = await (await open(data, type))
      .resize(PAGE_LONG_SIDE, PAGE_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return { index, data: out, mimeType: 'image/jpeg', width: info.width, height: info.height };
  } catch (error) {
    throw new ImageIntakeError(
      'IMAGE.UNREADABLE',
      `${label} looks like ${TYPE_NAMES[type]} but could not be read (${(error as Error).message}).`,
    );
  }
}

const TYPE_NAMES: Record<AcceptedImageType, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'image/heic': 'HEIC/HEIF' };

/**
 * The photo as the page store keeps it for the admin to see: the upload itself, except a HEIC/HEIF
 * photo, which browsers other than Safari cannot show, kept as a full-size JPEG.
 */
export async function storableImage(data: Buffer, label = 'Image'): Promise<{ data: Buffer; mimeType: Exclude<AcceptedImageType, 'image/heic'> }> {
  const type = detectImageType(data);
  if (type !== 'image/heic') return { data, mimeType: type === undefined ? 'image/jpeg' : type };
  try {
    return { data: await (await decodeHeif(data)).flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer(), mimeType: 'image/jpeg' };
  } catch (error) {
    throw new ImageIntakeError('IMAGE.UNREADABLE', `${label} looks like HEIC/HEIF but could not be read (${(error as Error).message}).`);
  }
}
