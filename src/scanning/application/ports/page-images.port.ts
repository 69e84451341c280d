import type { PageImage } from './extraction.port.js';

/**
 * Page photos as the use cases need them, whatever decodes them: normalised for extraction (its
 * type told by its bytes, upright, bounded in size), in a form the page store keeps for the
 * admin to see, and a normalised page kept earlier taken back. Both refuse what is no accepted photo with an ImageIntakeError (domain).
 */
export interface PageImages {
  /** `label` names the file in error messages, e.g. the form field 'page_2'; `rotation` is the curator's quarter turns, clockwise in degrees. */
  normalise(data: Buffer, index: number, options?: { label?: string; rotation?: number }): Promise<PageImage>;
  storable(data: Buffer, label?: string): Promise<{ data: Buffer; mimeType: 'image/jpeg' | 'image/png' | 'image/webp' }>;
  /**
   * A page `normalise` made earlier (its data kept as a reading copy), back as that page without
   * decoding it: its size read from its header. Refuses anything else, or a copy cut short.
   */
  readingCopy(data: Buffer, index: number): Promise<PageImage>;
  /**
   * A stored photo's size as it stands upright (its EXIF orientation, then the curator's quarter
   * turns), read from its header: what the places of its lines are measured in.
   */
  photoSize(data: Buffer, rotation?: number): Promise<{ width: number; height: number }>;
  /** A stored photo for screens: upright, at most `width` pixels wide, WebP. */
  screenCopy(data: Buffer, width: number): Promise<Buffer>;
}

export const PAGE_IMAGES = Symbol('PAGE_IMAGES');
