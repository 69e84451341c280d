import { encryptPDF } from '@pdfsmaller/pdf-encrypt-lite';
import { PDFDocument } from 'pdf-lib';

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
