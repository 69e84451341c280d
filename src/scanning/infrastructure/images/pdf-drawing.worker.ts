import { readFile } from 'node:fs/promises';
import { ImageIntakeError } from '../../domain/image-intake.error.js';
import type { ImageAnswer } from './image-threads.js';
import type { PdfTask } from './pdf-process.js';
import { closePdf, countPdfPages, drawPdfPage, openPdf } from './pdf-rendering.js';

/**
 * The PDF drawing process's entry (forked by pdf-process.ts): one task at a time from the server,
 * each answered with its sequence number. The PDF is read from the file the server wrote for it,
 * so its bytes are this process's own and never travel over the channel; a page goes back as its JPEG.
 */

async function answer(task: PdfTask): Promise<ImageAnswer> {
  // pdf.js takes a plain Uint8Array, not a Buffer: the same bytes, seen as one.
  const load = async () => {
    const bytes = await readFile(task.path);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
  try {
    switch (task.kind) {
      case 'pdfCount':
        return { value: await countPdfPages(await load()) };
      case 'pdfOpen':
        return { value: await openPdf(task.id, load) };
      case 'pdfPage':
        return { value: await drawPdfPage(task.id, load, task.number) };
      case 'pdfDone':
        return { value: await closePdf(task.id) };
    }
  } catch (error) {
    if (error instanceof ImageIntakeError) return { refused: { code: error.code, message: error.message } };
    throw error;
  }
}

process.on('message', (message: { seq: number; task: PdfTask }) => {
  void answer(message.task).then(
    (result) => process.send?.({ seq: message.seq, answer: result }),
    (error: unknown) => process.send?.({ seq: message.seq, failed: error instanceof Error ? error.message : String(error) }),
  );
});
// The server went away (ended, or killed): nothing is left to draw for.
process.on('disconnect', () => process.exit(0));
