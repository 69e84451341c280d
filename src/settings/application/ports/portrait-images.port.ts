import type { PortraitCrop } from '../../../../contracts/settings.js';

/** A portrait made from an uploaded photo: cropped to the part chosen, at the archive's 4:5 size, as JPEG. */
export interface PortraitImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Makes the portrait from a photo the curator sent. Refuses (SettingsError) a file that is not a
 * JPEG, PNG or WebP by its own bytes, a photo over the intake's pixel limit (from its header,
 * before decoding it), one that cannot be read, and a crop outside the photo.
 */
export interface PortraitImages {
  portraitOf(photo: Buffer, crop: PortraitCrop | null): Promise<PortraitImage>;
}

export const PORTRAIT_IMAGES = Symbol('PORTRAIT_IMAGES');
