import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { pageImageIntake } from '../infrastructure/images/page-image.intake.js';
import { FakeFileStore } from '../../../test/support/fakes/file-store.js';
import { FileNotStoredError, type FileStore } from '../../media/index.js';
import type { PageImages } from './ports/page-images.port.js';
import { keepPhoto, pageToRead, readingCopyKey, removePhoto, screenCopyKey } from './reading-copies.js';

/** A file store in memory, as the file and S3 stores behave (file-store.contract.spec.ts). */
function memoryStore(): FakeFileStore {
  return new FakeFileStore();
}

/** The image port, every call counted. */
function countedImages(): PageImages & { normalise: ReturnType<typeof vi.fn>; readingCopy: ReturnType<typeof vi.fn> } {
  return {
    normalise: vi.fn(pageImageIntake.normalise),
    storable: pageImageIntake.storable,
    readingCopy: vi.fn(pageImageIntake.readingCopy),
    screenCopy: pageImageIntake.screenCopy,
    photoSize: pageImageIntake.photoSize,
  };
}

/** A full-size photo larger than the reading size, landscape, so a turn shows in the page's size. */
const photo = (width = 3000, height = 2200) =>
  sharp({ create: { width, height, channels: 3, background: '#f4f1ea' } })
    .jpeg()
    .toBuffer();

const KEY = 'publications/7/scan-7-0123456789abcdef0123456789abcdef/page-0.jpg';

/** A photo taken in as a batch scan takes it: normalised once, kept with its reading copy. */
async function takenIn(store: FileStore, data: Buffer) {
  const reading = await pageImageIntake.normalise(data, 0);
  await keepPhoto(store, KEY, data, reading);
  return reading;
}

describe('reading copies of page photos', () => {
  it('keeps the copy beside the photo, in its folder', async () => {
    const store = memoryStore();
    const data = await photo();
    const reading = await takenIn(store, data);
    expect(readingCopyKey(KEY)).toBe('publications/7/scan-7-0123456789abcdef0123456789abcdef/page-0.reading.jpg');
    expect(readingCopyKey('publications/7/book-7-0123456789abcdef/page-4002.png')).toBe(
      'publications/7/book-7-0123456789abcdef/page-4002.reading.jpg',
    );
    expect([...store.objects.keys()].sort()).toEqual([KEY, readingCopyKey(KEY)]);
    expect(store.objects.get(KEY)!.equals(data)).toBe(true);
    expect(store.objects.get(readingCopyKey(KEY))!.equals(reading.data)).toBe(true);
  });

  it('reads the page from its copy, never decoding the photo again', async () => {
    const store = memoryStore();
    const reading = await takenIn(store, await photo());
    const images = countedImages();
    const page = await pageToRead(store, images, { storageKey: KEY, index: 3, label: 'Page 4' });
    expect(images.normalise).not.toHaveBeenCalled();
    expect(page).toEqual({ ...reading, index: 3 });
    expect([page.width, page.height]).toEqual([2000, 1467]);
  });

  it('reads a page without its copy from the photo, as the copy would have read', async () => {
    const store = memoryStore();
    const reading = await takenIn(store, await photo());
    store.objects.delete(readingCopyKey(KEY));
    const images = countedImages();
    const page = await pageToRead(store, images, { storageKey: KEY, index: 0, label: 'Page 1' });
    expect(images.normalise).toHaveBeenCalledTimes(1);
    expect(page).toEqual(reading);
  });

  it('reads a page with a copy cut short, or not a page at all, from the photo', async () => {
    for (const broken of [(copy: Buffer) => copy.subarray(0, copy.length - 100), () => Buffer.from('<html></html>')]) {
      const store = memoryStore();
      const reading = await takenIn(store, await photo());
      store.objects.set(readingCopyKey(KEY), broken(store.objects.get(readingCopyKey(KEY))!));
      const images = countedImages();
      expect(await pageToRead(store, images, { storageKey: KEY, index: 0, label: 'Page 1' })).toEqual(reading);
      expect(images.normalise).toHaveBeenCalledTimes(1);
    }
  });

  it('reads a page the curator turned from the photo, turned (the copy stands as uploaded)', async () => {
    const store = memoryStore();
    await takenIn(store, await photo());
    const images = countedImages();
    const page = await pageToRead(store, images, { storageKey: KEY, index: 0, rotation: 90, label: 'Page 1' });
    expect(images.normalise).toHaveBeenCalledWith(expect.any(Buffer), 0, { label: 'Page 1', rotation: 90 });
    expect(images.readingCopy).not.toHaveBeenCalled();
    expect([page.width, page.height]).toEqual([1467, 2000]);
  });

  it('reads from the photo when the store fails to give the copy, and says a missing photo is missing', async () => {
    const store = memoryStore();
    const reading = await takenIn(store, await photo());
    const get = store.get.bind(store);
    store.get = async (key) => (key === readingCopyKey(KEY) ? Promise.reject(new Error('connection reset')) : get(key));
    expect(await pageToRead(store, countedImages(), { storageKey: KEY, index: 0, label: 'Page 1' })).toEqual(reading);

    const empty = memoryStore();
    await expect(pageToRead(empty, countedImages(), { storageKey: KEY, index: 0, label: 'Page 1' })).rejects.toBeInstanceOf(
      FileNotStoredError,
    );
  });

  it('keeps the photo when its copy cannot be kept, and removes both together', async () => {
    const store = memoryStore();
    const put = store.put.bind(store);
    store.put = async (key, data) => (key === readingCopyKey(KEY) ? Promise.reject(new Error('bucket full')) : put(key, data));
    const data = await photo();
    await keepPhoto(store, KEY, data, await pageImageIntake.normalise(data, 0));
    expect([...store.objects.keys()]).toEqual([KEY]);

    const both = memoryStore();
    await takenIn(both, data);
    await removePhoto(both, KEY);
    expect(both.objects.size).toBe(0);
  });

  it('makes screen copies upright, WebP, at most the width asked for, kept beside the photo and removed with it', async () => {
    expect(screenCopyKey(KEY, 800)).toBe('publications/7/scan-7-0123456789abcdef0123456789abcdef/page-0.screen-800.webp');
    const data = await photo(3000, 2200);
    const copy = await pageImageIntake.screenCopy(data, 800);
    expect(await sharp(copy).metadata()).toMatchObject({ format: 'webp', width: 800, height: 587 });
    expect(copy.length).toBeLessThan(data.length);
    // Never enlarged: a small photo keeps its size.
    expect(await sharp(await pageImageIntake.screenCopy(await photo(600, 900), 1600)).metadata()).toMatchObject({
      width: 600,
      height: 900,
    });

    const store = memoryStore();
    await takenIn(store, data);
    await store.put(screenCopyKey(KEY, 800), copy);
    await store.put(screenCopyKey(KEY, 1600), copy);
    await removePhoto(store, KEY);
    expect(store.objects.size).toBe(0);
  });

  it('keeps no copy of a photo the store refused, even a copy the store would have taken later', async () => {
    // The store through an outage: the photo's write fails, and a write that retries would land once it is back.
    const store = memoryStore();
    const put = store.put.bind(store);
    store.put = async (key, data) => {
      if (key === KEY) throw new Error('connection refused');
      await new Promise((resolve) => setTimeout(resolve, 20));
      return put(key, data);
    };
    const data = await photo();
    await expect(keepPhoto(store, KEY, data, await pageImageIntake.normalise(data, 0))).rejects.toThrow('connection refused');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.objects.size).toBe(0);
  });
});
