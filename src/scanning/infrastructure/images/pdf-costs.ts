import { constants, inflateSync } from 'node:zlib';
import { ImageIntakeError } from '../../domain/image-intake.error.js';

/**
 * What a PDF will cost to draw, checked from its raw bytes before pdf.js reads a page: pdf.js
 * decodes every image a page paints, whatever its size (a 20,000 × 20,000 image is 1.6 GB of
 * pixels), and unpacks each content stream whole into memory (a 1 MB file may unpack to 1 GB). So
 * every stream of the file is looked at where it lies, whether or not the file's cross-reference
 * table names it (pdf.js rebuilds a damaged one from the same bytes):
 * - an image may have as many pixels as a page photo (MAX_PAGE_MEGAPIXELS), by the size its
 *   dictionary declares and, for JPEG and JPEG 2000, by the size in the picture's own header,
 *   which is what their decoders go by;
 * - any other stream (page contents, fonts, object streams) may unpack to MAX_STREAM_BYTES, and
 *   all of them together to MAX_UNPACKED_BYTES. Unpacking stops at the limit, so the check itself
 *   holds no more than that.
 * An image's own data is not unpacked: pdf.js reads only as many bytes as its declared size needs.
 * Streams of an encrypted PDF (one that opens without a password but limits printing, say) cannot
 * be unpacked here, so only their images are checked.
 */

/** One stream unpacked: far more than any page of a scanned book (its text is kilobytes, a font a few megabytes). */
export const MAX_STREAM_BYTES = 64 * 1024 * 1024;
/** Every stream of the file unpacked. */
export const MAX_UNPACKED_BYTES = 512 * 1024 * 1024;

const MB = 1024 * 1024;
const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
/** How far before its `stream` keyword a stream's dictionary may begin. */
const DICTIONARY_WINDOW = 16 * 1024;

interface Stream {
  dictionary: string;
  /** From the stream's first byte to the end of the file: a decoder stops where its data ends. */
  data: Buffer;
}

/** Every `<< … >> stream` in the file, with its dictionary's text. */
function* streams(pdf: Buffer): Generator<Stream> {
  for (let at = pdf.indexOf('stream'); at >= 0; at = pdf.indexOf('stream', at + 6)) {
    if (at >= 3 && pdf.toString('latin1', at - 3, at) === 'end') continue;
    let end = at - 1;
    while (end >= 0 && WHITESPACE.has(pdf[end]!)) end--;
    if (end < 1 || pdf[end] !== 0x3e || pdf[end - 1] !== 0x3e) continue; // not after '>>'
    const windowStart = Math.max(0, end - DICTIONARY_WINDOW);
    const object = pdf.subarray(windowStart, end).lastIndexOf('obj');
    const dictionary = pdf.toString('latin1', object < 0 ? windowStart : windowStart + object + 3, end + 1);
    let start = at + 6;
    if (pdf[start] === 0x0d) start++;
    if (pdf[start] === 0x0a) start++;
    yield { dictionary, data: pdf.subarray(start) };
  }
}

/** The filters a stream's data goes through, in order ('/Filter /FlateDecode' or '/Filter [/A85 /Fl]'). */
function filtersOf(dictionary: string): string[] {
  const match = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+)/.exec(dictionary);
  return match ? [...match[1]!.matchAll(/\/([^\s/[\]<>()]+)/g)].map((m) => m[1]!) : [];
}

/** A number of the dictionary: given there, or an indirect object ('12 0 R') looked up in the file. */
function numberOf(dictionary: string, names: string[], pdf: Buffer): number | undefined {
  for (const name of names) {
    const match = new RegExp(`/${name}\\s+(\\d+)(?:\\s+(\\d+)\\s+R)?(?![\\d.])`).exec(dictionary);
    if (!match) continue;
    if (match[2] === undefined) return Number(match[1]);
    const at = pdf.indexOf(`${match[1]} ${match[2]} obj`);
    if (at < 0) return undefined;
    const value = /^\s*(\d+)\s/.exec(pdf.toString('latin1', at + `${match[1]} ${match[2]} obj`.length, at + 64));
    return value ? Number(value[1]) : undefined;
  }
  return undefined;
}

/** Width and height in a JPEG's frame header (SOFn), which its decoder goes by. */
function jpegSize(data: Buffer): { width: number; height: number } | undefined {
  if (data[0] !== 0xff || data[1] !== 0xd8) return undefined;
  for (let at = 2; at + 9 < data.length;) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) at += 2;
    else at += 2 + data.readUInt16BE(at + 2);
  }
  return undefined;
}

/** Width and height of a JPEG 2000 picture: the image header box of a JP2 file, or the size marker of a bare codestream. */
function jpxSize(data: Buffer): { width: number; height: number } | undefined {
  const head = data.subarray(0, 64 * 1024);
  const ihdr = head.indexOf('ihdr');
  if (ihdr >= 0 && ihdr + 12 <= head.length) return { height: head.readUInt32BE(ihdr + 4), width: head.readUInt32BE(ihdr + 8) };
  const siz = head.indexOf(Buffer.from([0xff, 0x51]));
  // Xsiz and Ysiz: the size of the reference grid, the image and its offset (an offset is rare).
  if (siz >= 0 && siz + 14 <= head.length) return { width: head.readUInt32BE(siz + 6), height: head.readUInt32BE(siz + 10) };
  return undefined;
}

class Unpacked extends Error {}

/** A byte buffer that grows as written and refuses to pass `cap`. */
class CappedOutput {
  private buffer = new Uint8Array(64 * 1024);
  length = 0;
  constructor(private readonly cap: number) {}
  /** Room for `n` more bytes; where they go. */
  reserve(n: number): Uint8Array {
    if (this.length + n > this.cap) throw new Unpacked();
    if (this.length + n > this.buffer.length) {
      const grown = new Uint8Array(Math.min(this.cap, Math.max(this.buffer.length * 2, this.length + n)));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    return this.buffer;
  }
  push(bytes: Uint8Array): void {
    this.reserve(bytes.length).set(bytes, this.length);
    this.length += bytes.length;
  }
  bytes(): Buffer {
    return Buffer.from(this.buffer.buffer, 0, this.length);
  }
}

/** LZW as PDF uses it (EarlyChange 1): each table entry is its prefix entry plus one byte. */
function lzwDecode(data: Buffer, cap: number): Buffer {
  const out = new CappedOutput(cap);
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const length = new Int32Array(4096);
  for (let i = 0; i < 256; i++) [prefix[i], suffix[i], length[i]] = [-1, i, 1];
  let next = 258;
  let codeLength = 9;
  let previous = -1;
  let bits = 0;
  let bitCount = 0;
  let at = 0;
  /** Writes the entry's bytes (its chain of prefixes, back to front); returns its first byte. */
  const write = (code: number): number => {
    const n = length[code]!;
    const buffer = out.reserve(n);
    for (let k = n - 1, c = code; k >= 0; k--, c = prefix[c]!) buffer[out.length + k] = suffix[c]!;
    const first = buffer[out.length]!;
    out.length += n;
    return first;
  };
  for (;;) {
    while (bitCount < codeLength && at < data.length) {
      bits = ((bits << 8) | data[at++]!) & 0xffffff;
      bitCount += 8;
    }
    if (bitCount < codeLength) break;
    const code = (bits >>> (bitCount - codeLength)) & ((1 << codeLength) - 1);
    bitCount -= codeLength;
    if (code === 256) {
      [next, codeLength, previous] = [258, 9, -1];
      continue;
    }
    if (code === 257) break;
    let first: number;
    if (code < next && (code < 256 || code > 257)) first = write(code);
    else if (code === next && previous >= 0) {
      // The entry being made: the previous one and its own first byte.
      first = write(previous);
      out.reserve(1)[out.length++] = first;
    } else break;
    if (previous >= 0 && next < 4096) {
      [prefix[next], suffix[next], length[next]] = [previous, first, length[previous]! + 1];
      next++;
    }
    previous = code;
    if (next + 1 >= 1 << codeLength && codeLength < 12) codeLength++;
  }
  return out.bytes();
}

function runLengthDecode(data: Buffer, cap: number): Buffer {
  const out = new CappedOutput(cap);
  for (let at = 0; at < data.length;) {
    const n = data[at++]!;
    if (n === 128) break;
    if (n < 128) {
      out.push(data.subarray(at, at + n + 1));
      at += n + 1;
    } else {
      out.reserve(257 - n).fill(data[at++] ?? 0, out.length, out.length + 257 - n);
      out.length += 257 - n;
    }
  }
  return out.bytes();
}

/** The text of an ASCII filter's data, up to its end marker (or the stream's end). */
function asciiText(data: Buffer, marker: string): string {
  let end = data.indexOf(marker);
  if (end < 0) end = data.indexOf('endstream');
  return data.toString('latin1', 0, end < 0 ? data.length : end);
}

function asciiHexDecode(data: Buffer): Buffer {
  const digits = asciiText(data, '>').replace(/[^0-9a-fA-F]/g, '');
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
}

function ascii85Decode(data: Buffer, cap: number): Buffer {
  const text = asciiText(data, '~>').replace(/^\s*<~/, '');
  const out = new CappedOutput(cap);
  const group: number[] = [];
  const flush = (count: number) => {
    while (group.length < 5) group.push(84);
    const value = group.reduce((v, c) => v * 85 + c, 0);
    out.push(Uint8Array.from([24, 16, 8, 0].map((shift) => (value >>> shift) & 0xff).slice(0, count)));
    group.length = 0;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i) - 33;
    if (c === 'z'.charCodeAt(0) - 33 && group.length === 0) out.push(new Uint8Array(4));
    else if (c >= 0 && c <= 84) {
      group.push(c);
      if (group.length === 5) flush(4);
    }
  }
  if (group.length > 1) flush(group.length - 1);
  return out.bytes();
}

/** The stream's data through its filters, stopping with Unpacked past `cap`; undefined for a filter that is not unpacking. */
function unpack(data: Buffer, filters: string[], cap: number): Buffer | undefined {
  let bytes = data;
  for (const filter of filters) {
    switch (filter) {
      case 'FlateDecode':
      case 'Fl':
        try {
          // A stream cut short is read as far as it goes, as pdf.js does.
          bytes = inflateSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: cap });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new Unpacked();
          return undefined; // not deflate data (damaged, or encrypted): pdf.js refuses or skips it too
        }
        break;
      case 'LZWDecode':
      case 'LZW':
        bytes = lzwDecode(bytes, cap);
        break;
      case 'RunLengthDecode':
      case 'RL':
        bytes = runLengthDecode(bytes, cap);
        break;
      case 'ASCIIHexDecode':
      case 'AHx':
        bytes = asciiHexDecode(bytes);
        break;
      case 'ASCII85Decode':
      case 'A85':
        bytes = ascii85Decode(bytes, cap);
        break;
      default:
        return undefined; // an image codec (on an image, checked by its size) or a crypt filter
    }
  }
  return filters.length ? bytes : undefined;
}

function tooManyPixels(width: number, height: number, maxMegapixels: number): ImageIntakeError {
  return new ImageIntakeError(
    'IMAGE.TOO_MANY_PIXELS',
    `This PDF has an image of ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels ` +
      `(${Math.round((width * height) / 1_000_000)} megapixels); the archive takes pages of up to ${maxMegapixels} megapixels, as it does photos. ` +
      'Scan or export the book at a lower resolution (300 dpi is plenty) and add it again.',
  );
}

function unpacksTooLarge(what: string, limit: number): ImageIntakeError {
  return new ImageIntakeError(
    'SCAN.PDF_TOO_COSTLY',
    `${what} of this PDF unpacks to more than ${limit / MB} MB, far more than the pages of a scanned book need, so it is not read. ` +
      'Save or export it again from the program that made it (or print it to a new PDF) and add it again.',
  );
}

/** Refuses, with the reason, a PDF whose images or streams would cost more than a page photo may. */
export function checkPdfCosts(pdf: Buffer, maxMegapixels: number): void {
  const maxPixels = maxMegapixels * 1_000_000;
  let unpacked = 0;
  for (const { dictionary, data } of streams(pdf)) {
    const filters = filtersOf(dictionary);
    if (/\/Subtype\s*\/Image(?![\w])/.test(dictionary)) {
      const declared = { width: numberOf(dictionary, ['Width', 'W'], pdf) ?? 0, height: numberOf(dictionary, ['Height', 'H'], pdf) ?? 0 };
      const coded =
        filters.includes('DCTDecode') || filters.includes('DCT')
          ? jpegSize(data)
          : filters.includes('JPXDecode')
            ? jpxSize(data)
            : undefined;
      for (const size of [declared, coded]) {
        if (size && size.width * size.height > maxPixels) throw tooManyPixels(size.width, size.height, maxMegapixels);
      }
      continue;
    }
    try {
      unpacked += unpack(data, filters, Math.min(MAX_STREAM_BYTES, MAX_UNPACKED_BYTES - unpacked))?.length ?? 0;
    } catch (error) {
      if (!(error instanceof Unpacked)) throw error;
      throw MAX_UNPACKED_BYTES - unpacked > MAX_STREAM_BYTES
        ? unpacksTooLarge('A part', MAX_STREAM_BYTES)
        : unpacksTooLarge('The whole', MAX_UNPACKED_BYTES);
    }
  }
}
