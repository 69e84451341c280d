import { constants, deflateRawSync } from 'node:zlib';
import { encryptPDF } from '@pdfsmaller/pdf-encrypt-lite';
import { concatTransformationMatrix, drawObject, PDFDocument, PDFName, popGraphicsState, pushGraphicsState } from 'pdf-lib';

/** PDFs as families have them, made in the tests from page photos the tests render. */

/** A scanned book as a copy shop makes it: each page one JPEG scan filling the page, at `dpi`. */
export async function scannedPdf(scans: Buffer[], dpi: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (const scan of scans) {
    const image = await document.embedJpg(scan);
    const page = document.addPage([(image.width * 72) / dpi, (image.height * 72) / dpi]);
    page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  }
  return Buffer.from(await document.save());
}

/** One page of typeset text, no scan. */
export async function onePagePdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([300, 400]).drawText('A poem', { x: 50, y: 300, size: 24 });
  return Buffer.from(await document.save());
}

/** A PDF that opens only with a password. */
export async function lockedPdf(password = 'family secret'): Promise<Buffer> {
  return Buffer.from(await encryptPDF(new Uint8Array(await onePagePdf()), password));
}

/** A PDF of `pages` tiny blank pages. */
export async function blankPdf(pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let i = 0; i < pages; i++) document.addPage([20, 20]);
  return Buffer.from(await document.save());
}

/** A PDF whose header is right and whose body is noise. */
export function damagedPdf(): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 251)),
    Buffer.from('\n%%EOF\n'),
  ]);
}

/**
 * `n` zero bytes deflated (zlib's format), a multiple of a million: one million deflated with a
 * full flush, which leaves no reference to what came before, repeated; a gigabyte's worth in
 * milliseconds rather than the seconds deflating it takes.
 */
export function deflatedZeros(n: number): Buffer {
  const million = 1_000_000;
  if (n % million) throw new Error(`deflatedZeros(${n}): a multiple of a million`);
  const block = deflateRawSync(Buffer.alloc(million), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const checksum = Buffer.alloc(4);
  // Adler-32 of zeros: its first sum stays 1, its second adds 1 for each byte.
  checksum.writeUInt32BE((((n % 65521) << 16) | 1) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(n / million).fill(block), deflateRawSync(Buffer.alloc(0)), checksum]);
}

/** One page that is one `side` × `side` grey image (black: its pixels deflate to almost nothing). */
export async function hugeImagePdf(side: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([612, 792]);
  const image = document.context.stream(deflatedZeros(side * side), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: side,
    Height: side,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
    Filter: 'FlateDecode',
  });
  page.node.setXObject(PDFName.of('Scan'), document.context.register(image));
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(612, 0, 0, 792, 0, 0), drawObject('Scan'), popGraphicsState());
  return Buffer.from(await document.save());
}

/** One page whose drawing instructions (its content stream) unpack to `bytes` bytes of nothing. */
export async function inflatingPdf(bytes: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([612, 792]);
  page.node.set(
    PDFName.of('Contents'),
    document.context.register(document.context.stream(deflatedZeros(bytes), { Filter: 'FlateDecode' })),
  );
  return Buffer.from(await document.save());
}
