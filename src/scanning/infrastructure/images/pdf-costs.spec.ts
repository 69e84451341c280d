import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deflatedZeros, hugeImagePdf, inflatingPdf, onePagePdf, scannedPdf } from '../../../../test/support/scanned-pdf.js';
import { ImageIntakeError } from '../../domain/image-intake.error.js';
import { checkPdfCosts, MAX_STREAM_BYTES } from './pdf-costs.js';

/** A file with one object holding a stream: all the check reads. */
function withStream(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`%PDF-1.7\n7 0 obj\n<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n8 0 obj\n20000\nendobj\n%%EOF\n', 'latin1'),
  ]);
}

function refusal(pdf: Buffer): ImageIntakeError | undefined {
  try {
    checkPdfCosts(pdf, 50);
    return undefined;
  } catch (error) {
    if (error instanceof ImageIntakeError) return error;
    throw error;
  }
}

/** LZW codes for a run of zeros: each code one byte longer than the last, then the longest `repeats` times. */
function lzwZeros(repeats: number): Buffer {
  const codes = [256, 0, ...Array.from({ length: 4096 - 258 }, (_, i) => 258 + i), ...Array<number>(repeats).fill(4095), 257];
  const bytes: number[] = [];
  let [width, next, previous, bits, count] = [9, 258, -1, 0, 0];
  for (const code of codes) {
    bits = (bits << width) | code;
    count += width;
    while (count >= 8) {
      bytes.push((bits >>> (count - 8)) & 0xff);
      count -= 8;
    }
    bits &= (1 << count) - 1;
    if (code === 256) [width, next, previous] = [9, 258, -1];
    else {
      if (previous >= 0 && next < 4096) next++;
      previous = code;
      if (next + 1 >= 1 << width && width < 12) width++;
    }
  }
  if (count) bytes.push((bits << (8 - count)) & 0xff);
  return Buffer.from(bytes);
}

function ascii85(data: Buffer): Buffer {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const group = Buffer.alloc(4);
    data.copy(group, 0, i, i + 4);
    let value = group.readUInt32BE(0);
    const digits: string[] = [];
    for (let d = 0; d < 5; d++, value = Math.floor(value / 85)) digits.unshift(String.fromCharCode(33 + (value % 85)));
    out += digits.slice(0, Math.min(4, data.length - i) + 1).join('');
  }
  return Buffer.from(`${out}~>`, 'latin1');
}

describe('checkPdfCosts', () => {
  it('takes scanned books and typeset pages', async () => {
    const scan = await sharp({ create: { width: 2400, height: 3300, channels: 3, background: '#f4f1ea' } })
      .jpeg()
      .toBuffer();
    expect(refusal(await scannedPdf([scan, scan], 300))).toBeUndefined();
    expect(refusal(await onePagePdf())).toBeUndefined();
    // Each filter read as far as it goes, within the limit.
    expect(refusal(withStream('/Filter /LZWDecode', lzwZeros(1_000)))).toBeUndefined();
    expect(refusal(withStream('/Filter [/ASCII85Decode /FlateDecode]', ascii85(deflatedZeros(10_000_000))))).toBeUndefined();
  });

  it('refuses an image of more pixels than a photo may have, by its declared size or its JPEG header, in words', async () => {
    const declared = refusal(await hugeImagePdf(20_000));
    expect(declared?.code).toBe('IMAGE.TOO_MANY_PIXELS');
    expect(declared?.message).toBe(
      'This PDF has an image of 20,000 × 20,000 pixels (400 megapixels); the archive takes pages of up to 50 megapixels, as it does photos. ' +
        'Scan or export the book at a lower resolution (300 dpi is plenty) and add it again.',
    );
    // The height given as another object of the file.
    expect(refusal(withStream('/Subtype /Image /Width 20000 /Height 8 0 R /Filter /FlateDecode', Buffer.alloc(10)))?.code).toBe(
      'IMAGE.TOO_MANY_PIXELS',
    );
    // A JPEG whose frame is larger than the dictionary says: its decoder goes by the frame.
    const frame = Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x4e, 0x20, 0x4e, 0x20, 0x01, 0x01, 0x11, 0x00]);
    expect(refusal(withStream('/Type /XObject /Subtype /Image /Width 100 /Height 100 /Filter /DCTDecode', frame))?.message).toContain(
      '20,000 × 20,000 pixels',
    );
  });

  it(`refuses a stream that unpacks past ${MAX_STREAM_BYTES / 1024 / 1024} MB, whatever its filters, without unpacking it all`, async () => {
    const started = Date.now();
    const deflated = refusal(await inflatingPdf(1_000_000_000));
    expect(deflated?.code).toBe('SCAN.PDF_TOO_COSTLY');
    expect(deflated?.message).toBe(
      'A part of this PDF unpacks to more than 64 MB, far more than the pages of a scanned book need, so it is not read. ' +
        'Save or export it again from the program that made it (or print it to a new PDF) and add it again.',
    );
    for (const [filter, data] of [
      ['/LZWDecode', lzwZeros(400_000)],
      ['/RunLengthDecode', Buffer.alloc(1_200_000).fill(Buffer.from([129, 0]))],
      ['[/ASCII85Decode /FlateDecode]', ascii85(deflatedZeros(100_000_000))],
      // Deflated twice: a megabyte of the first unpacks to the gigabyte of the second.
      ['[/FlateDecode /FlateDecode]', deflateSync(deflatedZeros(1_000_000_000))],
    ] as const) {
      expect(refusal(withStream(`/Filter ${filter}`, data))?.code, filter).toBe('SCAN.PDF_TOO_COSTLY');
    }
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
