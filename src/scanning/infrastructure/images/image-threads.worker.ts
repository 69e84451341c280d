import type { FindPageTask } from './image-threads.js';
import { findPageHere, type FoundPage } from './page-finder.js';

/** The image thread's entry (image-threads.ts). The page's pixels go back as a copy: a few MB, a millisecond. */
export default function findPageTask({ image }: FindPageTask): Promise<FoundPage> {
  return findPageHere(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
}
