import { ImageIntakeError } from '../../domain/image-intake.error.js';
import type { ImageAnswer, PdfTask } from './image-threads.js';
import { closePdf, countPdfPages, drawPdfPage, openPdf } from './pdf-rendering.js';

/** The PDF thread's entry (onPdfThread in image-threads.ts). A page goes back as a copy of its JPEG. */
export default async function pdfTask(task: PdfTask): Promise<ImageAnswer> {
  try {
    switch (task.kind) {
      case 'pdfCount':
        return { value: await countPdfPages(task.pdf) };
      case 'pdfOpen':
        return { value: await openPdf(task.id, task.pdf) };
      case 'pdfPage':
        return { value: await drawPdfPage(task.id, task.pdf, task.number) };
      case 'pdfDone':
        return { value: await closePdf(task.id) };
    }
  } catch (error) {
    if (error instanceof ImageIntakeError) return { refused: { code: error.code as ImageIntakeError['code'], message: error.message } };
    throw error;
  }
}
