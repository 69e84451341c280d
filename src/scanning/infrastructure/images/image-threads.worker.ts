import { assemblePoems } from '../../domain/assemble-poems.js';
import { ImageIntakeError } from '../../domain/image-intake.error.js';
import { inkHeights } from '../../domain/page-reading/ink-heights.js';
import { readMetadata } from '../../domain/page-reading/metadata-reader.js';
import { analysePages, straightenLines } from '../../domain/page-reading/page-layout.js';
import { asBuffer, type ImageAnswer, type ImageTask } from './image-threads.js';
import { findPageHere } from './page-finder.js';

/** The image thread's entry (image-threads.ts). Pixels and pages go back as copies: a few MB, a millisecond. */
export default async function imageTask(task: ImageTask): Promise<ImageAnswer> {
  try {
    switch (task.kind) {
      case 'findPage':
        return { value: await findPageHere(asBuffer(task.image)) };
      case 'inkHeights':
        return { value: task.lines.map(({ bbox, baseline }) => inkHeights(task.image, bbox, baseline)) };
      case 'assemblePoems':
        return { value: assemblePoems(analysePages(task.pages, task.context)) };
      case 'readMetadata':
        return { value: readMetadata(task.pages.map((page) => straightenLines(page))) };
    }
  } catch (error) {
    if (error instanceof ImageIntakeError) return { refused: { code: error.code as ImageIntakeError['code'], message: error.message } };
    throw error;
  }
}
