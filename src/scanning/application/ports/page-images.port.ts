import type { PageImage } from './extraction.port.js';

/**
 * Page photos as the use cases need them, whatever decodes them: normalised for extraction (its
 * type told by its bytes, upright, bounded in size) and in a form the page store keeps for the
 * admin to see. Both refuse what is no accepted photo with an ImageIntakeError (domain).
 */
export interface PageImages {
  /** `label` names the file in error messages, e.g. the form field 'page_2'; `rotation` is the curator's quarter turns, clockwise in degrees. */
  normalise(data: Buffer, index: number, options?: { label?: string; rotation?: number }): Promise<PageImage>;
  storable(data: Buffer, label?: string): Promise<{ data: Buffer; mimeType: 'image/jpeg' | 'image/png' | 'image/webp' }>;
}

export const PAGE_IMAGES = Symbol('PAGE_IMAGES');
