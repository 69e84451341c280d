import { Injectable } from '@nestjs/common';
import sharp, { type Metadata } from '../../common/sharp.js';
import { PORTRAIT_SIZE, type PortraitCrop } from '../../../contracts/settings.js';
import { detectImageType } from '../../media/index.js';
import type { PortraitImage, PortraitImages } from '../application/ports/portrait-images.port.js';
import { SettingsError } from '../domain/memorial.js';

/** The page intake's pixel limit (docs/operations.md: a phone's 48 and 50 megapixel modes), checked from the header before decoding. */
const MAX_MEGAPIXELS = 50;

/**
 * Portraits with sharp: the photo turned as its EXIF orientation says (as the admin's crop showed
 * it), the chosen part cut out and scaled to 640 × 800, as JPEG without the camera's metadata.
 * HEIC is not taken here: browsers other than Safari cannot show it in the crop either.
 */
@Injectable()
export class SharpPortraitImages implements PortraitImages {
  async portraitOf(photo: Buffer, crop: PortraitCrop | null): Promise<PortraitImage> {
    const type = detectImageType(photo);
    if (type === undefined || type === 'image/heic') {
      throw new SettingsError(
        'SETTINGS.PORTRAIT_NOT_AN_IMAGE',
        'The portrait must be a JPEG, PNG or WebP photo (judged by its contents, not its name).',
        {
          field: 'portrait',
        },
      );
    }
    let meta: Metadata;
    try {
      meta = await sharp(photo).metadata();
    } catch (err) {
      throw this.unreadable(err);
    }
    const { width = 0, height = 0 } = meta;
    if (width * height > MAX_MEGAPIXELS * 1_000_000) {
      throw new SettingsError(
        'SETTINGS.PORTRAIT_TOO_MANY_PIXELS',
        `The portrait is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels; the archive takes photos of up to ${MAX_MEGAPIXELS} megapixels. Scale it down and try again.`,
        { field: 'portrait' },
      );
    }
    // The photo as it is seen: a quarter turn swaps its sides.
    const turned = (meta.orientation ?? 1) >= 5;
    const seen = turned ? { width: height, height: width } : { width, height };
    const area = crop ?? centred(seen.width, seen.height);
    if (area.x + area.width > seen.width || area.y + area.height > seen.height) {
      throw new SettingsError('SETTINGS.BAD_CROP', `The crop goes outside the photo (${seen.width} × ${seen.height} pixels).`, {
        field: 'crop',
      });
    }
    try {
      const { data, info } = await sharp(photo, { failOn: 'error', limitInputPixels: MAX_MEGAPIXELS * 1_000_000 })
        .autoOrient()
        .extract({ left: area.x, top: area.y, width: area.width, height: area.height })
        .resize(PORTRAIT_SIZE.width, PORTRAIT_SIZE.height, { fit: 'cover' })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    } catch (err) {
      throw this.unreadable(err);
    }
  }

  private unreadable(err: unknown): SettingsError {
    return new SettingsError('SETTINGS.PORTRAIT_UNREADABLE', `The portrait could not be read as a photo (${(err as Error).message}).`, {
      field: 'portrait',
    });
  }
}

/** The largest 4:5 part of the middle of the photo, when no crop was chosen. */
function centred(width: number, height: number): PortraitCrop {
  const w = Math.min(width, Math.floor((height * PORTRAIT_SIZE.width) / PORTRAIT_SIZE.height));
  const h = Math.min(height, Math.floor((w * PORTRAIT_SIZE.height) / PORTRAIT_SIZE.width));
  return { x: Math.floor((width - w) / 2), y: Math.floor((height - h) / 2), width: w, height: h };
}
