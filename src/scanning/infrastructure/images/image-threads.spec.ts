import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loopWhile } from '../../../../test/support/event-loop.js';
import { renderBookPages, sampleBook } from '../../../../test/support/page-photos/page-photos.mjs';
import { closeImageThreads } from './image-threads.js';
import { findPage, findPageHere, type FoundPage } from './page-finder.js';

async function findAll(find: (image: Buffer) => Promise<FoundPage>, photos: Buffer[]): Promise<FoundPage[]> {
  const found: FoundPage[] = [];
  for (const photo of photos) found.push(await find(photo));
  return found;
}

describe('page finding off the event loop', () => {
  afterAll(() => closeImageThreads());

  it('finds the pages of large photos while the process keeps answering', async () => {
    // Phone-sized photos of printed pages (12 megapixels), tilted on a table as a curator takes them.
    const book = await renderBookPages(sampleBook(), { maxPages: 4, photoScale: 1.5, seed: 7 });
    const photos = book.pages.map((page) => page.image);
    expect((await sharp(photos[0]).metadata()).width).toBeGreaterThan(2000);
    // The thread and OpenCV start once; that is not what a page costs.
    await findPage(photos[0]);

    const here = await loopWhile(() => findAll(findPageHere, photos));
    // A machine busy with other processes delays any timer now and then; work on this thread
    // would delay them on every try, so the quietest of three tries is the one that counts.
    const tries = [];
    for (let i = 0; i < 3; i++) tries.push(await loopWhile(() => findAll(findPage, photos)));
    const threaded = tries.reduce((quietest, next) => (next.stallMs < quietest.stallMs ? next : quietest));

    // The same work on this thread holds the loop for its whole synchronous part (over 100 ms a
    // page); on the image thread the loop waits a small part of that (under 50 ms on a quiet
    // machine). Compared with each other, not with a fixed figure: a busy machine stretches both.
    expect(here.stallMs).toBeGreaterThan(100);
    expect(threaded.stallMs).toBeLessThan(here.stallMs / 2);
    expect(threaded.busyMs).toBeLessThan(here.busyMs / 4);
    // And it is the same work: the same pages, cut out the same way.
    expect(threaded.result.map(({ width, height, corners }) => ({ width, height, corners }))).toEqual(
      here.result.map(({ width, height, corners }) => ({ width, height, corners })),
    );
    expect(Buffer.compare(threaded.result[1].grey, here.result[1].grey)).toBe(0);
  }, 120_000);

  it('carries a photo that cannot be read back as an error, and keeps working after it', async () => {
    await expect(findPage(Buffer.from('not a photo'))).rejects.toThrow();
    const photo = await sharp({ create: { width: 800, height: 1100, channels: 3, background: '#f3ede0' } })
      .jpeg()
      .toBuffer();
    const found = await findPage(photo);
    expect(found.grey.length).toBe(found.width * found.height);
  }, 60_000);

  it("leaves libvips's cache of operations off once the image thread has loaded its own sharp", async () => {
    // sharp's module turns the process-wide cache on as it loads; the cache kept a large photo's
    // decoder (a 50 MP progressive JPEG's 300 MB) after its scan had ended.
    const photo = await sharp({ create: { width: 800, height: 1100, channels: 3, background: '#f3ede0' } })
      .jpeg()
      .toBuffer();
    await findPage(photo);
    const { memory, files, items } = sharp.cache();
    expect({ memory: memory.max, files: files.max, items: items.max }).toEqual({ memory: 0, files: 0, items: 0 });
  }, 60_000);
});
