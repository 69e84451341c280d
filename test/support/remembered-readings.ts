import { createHash } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { mapWithConcurrency } from '../../src/common/map-with-concurrency.js';
import {
  POEM_EXTRACTOR,
  type PageImage,
  type PageReading,
  type PoemExtractor,
} from '../../src/scanning/application/ports/extraction.port.js';

/**
 * Has a test app's extractor read each distinct page image once. The offline reading of the same
 * bytes in the same language is the same reading, so a file whose tests each scan the same rendered
 * pages into a publication of their own pays for the OCR once, not once a test. Only for tests of
 * what the archive does with readings (duplicates, jobs, reprocess, refusals), never of the reading
 * itself or of how long it takes. Goes through the extraction port only: `extractPoems` is, by the
 * port's contract, `readPage` for each page and then `assemble`.
 */
export function rememberReadings(app: INestApplicationContext): { forget: () => void } {
  const extractor = app.get<PoemExtractor>(POEM_EXTRACTOR);
  const readPage = extractor.readPage.bind(extractor);
  const remembered = new Map<string, Promise<PageReading>>();
  const read = async (page: PageImage): Promise<PageReading> => {
    const key = `${page.language ?? ''}:${createHash('sha256').update(page.data).digest('hex')}`;
    let reading = remembered.get(key);
    if (!reading) {
      reading = readPage(page);
      remembered.set(key, reading);
      reading.catch(() => remembered.delete(key)); // a failed read is tried again next time
    }
    // A copy, with this page's place in its batch: assembling never sees another test's objects.
    return { ...structuredClone(await reading), index: page.index };
  };
  extractor.readPage = read;
  extractor.extractPoems = async (pages, onProgress) => {
    let done = 0;
    const readings = await mapWithConcurrency(pages, extractor.concurrency, async (page) => {
      const reading = await read(page);
      onProgress?.({ pagesDone: ++done, pagesTotal: pages.length });
      return reading;
    });
    return extractor.assemble(readings);
  };
  // For a test of how a reading goes (its progress on screen), which must read for real.
  return { forget: () => remembered.clear() };
}
