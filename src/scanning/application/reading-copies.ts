import { Logger } from '@nestjs/common';
import type { PageImage } from './ports/extraction.port.js';
import type { PageImages } from './ports/page-images.port.js';
import type { FileStore } from '../../media/index.js';

/**
 * A page photo's reading copy: the page as the extractor reads it (upright by its EXIF, scaled to
 * the reading size, JPEG), made when the photo is taken in and kept beside it in the page store.
 * A scan job, in this process or in a worker on another machine sharing only the database and the
 * store, then reads the page without decoding the full-size photo a second time. The copy is only
 * ever a shortcut: a page without one (kept before copies were, restored from a backup, its copy
 * lost) or turned by a curator (the copy stands as uploaded) is read from its photo, as before.
 *
 * Its key is the photo's own, so it names the photo it was made from: an upload's key is derived
 * from the photos' content, and a book import writes and removes a copy with its photo. It sits in
 * the photo's folder, so whatever removes a publication's or an upload's folder removes it too; it
 * is no page of its own (no row names it), so backups never carry it.
 */

const logger = new Logger('PagePhotos');

/** `publications/7/scan-7-…/page-0.png` → `publications/7/scan-7-…/page-0.reading.jpg`. */
export const readingCopyKey = (photoKey: string): string => photoKey.replace(/\.[a-z0-9]+$/i, '.reading.jpg');

/**
 * The widths a page photo is copied to for screens ("See the printed page"): a phone's or a side
 * column's width, and twice that for a sharp screen or a zoom. Made on first asking and kept
 * beside the photo like its reading copy; the photo itself stays one click away.
 */
export const SCREEN_WIDTHS = [800, 1600] as const;
export type ScreenWidth = (typeof SCREEN_WIDTHS)[number];

/** `publications/7/scan-7-…/page-0.png` → `publications/7/scan-7-…/page-0.screen-800.webp`. */
export const screenCopyKey = (photoKey: string, width: ScreenWidth): string => photoKey.replace(/\.[a-z0-9]+$/i, `.screen-${width}.webp`);

/**
 * Keeps a page photo and, when there is one, its reading copy; failing to keep the copy fails nothing.
 * The photo goes first and the copy only once it is kept: written side by side, a copy whose photo
 * was refused could land after the refusal (a store retrying through an outage) as a copy of nothing.
 */
export async function keepPhoto(store: FileStore, photoKey: string, photo: Buffer, reading?: PageImage): Promise<void> {
  await store.put(photoKey, photo);
  if (!reading) return;
  await store.put(readingCopyKey(photoKey), reading.data).catch((err: Error) => {
    logger.warn(`The reading copy of ${photoKey} was not kept (the scan will read the photo itself): ${err.message}`);
  });
}

/**
 * Removes a page photo and its copies; nothing there is fine. The copies go first, so a failure
 * leaves the photo with its copies rather than copies of nothing.
 */
export async function removePhoto(store: FileStore, photoKey: string): Promise<void> {
  for (const width of SCREEN_WIDTHS) await store.remove(screenCopyKey(photoKey, width));
  await store.remove(readingCopyKey(photoKey));
  await store.remove(photoKey);
}

/** A stored page photo to be read: where it is, its place in the run, how the curator turned it. */
export interface PhotoToRead {
  storageKey: string;
  index: number;
  rotation?: number;
  /** Names the photo in an intake error, e.g. 'Page 2' or the file's name. */
  label: string;
}

/**
 * The page as the extractor reads it: its reading copy when one was kept and the page stands as
 * uploaded, else its photo normalised (turned as the curator turned it). Throws FileNotStoredError
 * when the photo itself is missing, and the intake's errors for a photo it cannot read.
 */
export async function pageToRead(store: FileStore, images: PageImages, photo: PhotoToRead): Promise<PageImage> {
  if (!photo.rotation) {
    // Any failure of the copy (none kept, cut short, the store failing) leaves the photo to read.
    const copy = await store
      .get(readingCopyKey(photo.storageKey))
      .then((data) => images.readingCopy(data, photo.index))
      .catch(() => undefined);
    if (copy) return copy;
  }
  const data = await store.get(photo.storageKey);
  return images.normalise(data, photo.index, { label: photo.label, rotation: photo.rotation });
}
