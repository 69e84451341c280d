import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { heicFixture } from '../../../../test/support/heic.js';
import { detectImageType } from '../../../media/index.js';
import { ImageIntakeError } from '../../domain/image-intake.error.js';
import { MAX_HEIF_MEGAPIXELS, MAX_PAGE_MEGAPIXELS, normalisePageImage, storableImage } from './page-image.intake.js';

/** The photo with its header claiming other dimensions: JPEG's frame header, or HEIF's 'ispe' property. */
function claiming(photo: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(photo);
  const ispe = out.indexOf('ispe');
  if (ispe >= 0) {
    out.writeUInt32BE(width, ispe + 8);
    out.writeUInt32BE(height, ispe + 12);
    return out;
  }
  for (let i = 2; i < out.length;) {
    const marker = out[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      out.writeUInt16BE(height, i + 5);
      out.writeUInt16BE(width, i + 7);
      return out;
    }
    i += 2 + out.readUInt16BE(i + 2);
  }
  throw new Error('no frame header');
}

/** A landscape image whose left half is black and right half white. */
async function halves(width: number, height: number, format: 'png' | 'jpeg' | 'webp', orientation?: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3, 255);
  for (let y = 0; y < height; y++) for (let x = 0; x < width / 2; x++) raw.fill(0, (y * width + x) * 3, (y * width + x) * 3 + 3);
  let img = sharp(raw, { raw: { width, height, channels: 3 } })[format]();
  if (orientation) img = img.withMetadata({ orientation });
  return img.toBuffer();
}

async function meanOf(buffer: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<number> {
  const part = await sharp(buffer).extract(region).greyscale().png().toBuffer();
  const stats = await sharp(part).stats();
  return stats.channels[0].mean;
}

async function rejection(promise: Promise<unknown>): Promise<ImageIntakeError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ImageIntakeError);
    return error as ImageIntakeError;
  }
  throw new Error('expected the intake to reject the file');
}

describe('page image intake', () => {
  it('recognises JPEG, PNG and WebP by their first bytes', async () => {
    expect(detectImageType(await halves(8, 8, 'jpeg'))).toBe('image/jpeg');
    expect(detectImageType(await halves(8, 8, 'png'))).toBe('image/png');
    expect(detectImageType(await halves(8, 8, 'webp'))).toBe('image/webp');
    expect(detectImageType(Buffer.from('GIF89a........'))).toBeUndefined();
  });

  it('scales a large photo so its long side is 2000 px and re-encodes it as JPEG', async () => {
    const page = await normalisePageImage(await halves(3000, 1500, 'png'), 4);
    expect(page).toMatchObject({ index: 4, mimeType: 'image/jpeg', width: 2000, height: 1000 });
    const meta = await sharp(page.data).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([2000, 1000]);
  });

  it('does not enlarge small images', async () => {
    const page = await normalisePageImage(await halves(640, 480, 'webp'), 0);
    expect([page.width, page.height]).toEqual([640, 480]);
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    // Orientation 6: the camera stored the picture rotated; viewers turn it 90 degrees clockwise.
    const page = await normalisePageImage(await halves(400, 200, 'jpeg', 6), 0);
    expect([page.width, page.height]).toEqual([200, 400]);
    // The black left half ends up on top once turned clockwise.
    expect(await meanOf(page.data, { left: 0, top: 0, width: 200, height: 180 })).toBeLessThan(40);
    expect(await meanOf(page.data, { left: 0, top: 220, width: 200, height: 180 })).toBeGreaterThan(215);
    expect((await sharp(page.data).metadata()).orientation).toBeUndefined();
  });

  it('rejects other formats by content whatever the file is called, naming the accepted types', async () => {
    const gif = await rejection(normalisePageImage(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary'), 2, { label: 'page_2' }));
    expect(gif.code).toBe('IMAGE.UNSUPPORTED_TYPE');
    expect(gif.message).toBe('page_2 is a GIF image. Accepted types are JPEG, PNG, WebP and HEIC/HEIF images.');

    const pdf = await rejection(normalisePageImage(Buffer.from('%PDF-1.7\n...'), 0));
    expect(pdf.message).toContain('a PDF document');

    const text = await rejection(normalisePageImage(Buffer.from('just some text saved as page.jpg'), 0));
    expect(text.code).toBe('IMAGE.UNSUPPORTED_TYPE');
    expect(text.message).toBe('Image 1 is not a supported image. Accepted types are JPEG, PNG, WebP and HEIC/HEIF images.');
  });

  it('takes a HEIC photo, as an iPhone saves it, and keeps it as JPEG', async () => {
    const heic = heicFixture('halves-1200x800');
    expect(detectImageType(heic)).toBe('image/heic');
    const page = await normalisePageImage(heic, 0);
    expect(page).toMatchObject({ mimeType: 'image/jpeg', width: 1200, height: 800 });
    expect(await meanOf(page.data, { left: 0, top: 0, width: 500, height: 800 })).toBeLessThan(40);
    expect(await meanOf(page.data, { left: 700, top: 0, width: 500, height: 800 })).toBeGreaterThan(215);
    // What the page store keeps, for the admin to see beside the poem: a browser-readable JPEG.
    const stored = await storableImage(heic);
    expect(stored.mimeType).toBe('image/jpeg');
    expect(await sharp(stored.data).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
  });

  it('keeps other photos in the page store as they were uploaded', async () => {
    const png = await halves(40, 20, 'png');
    expect(await storableImage(png)).toEqual({ data: png, mimeType: 'image/png' });
  });

  it('names HEIC/HEIF in the error of a damaged one, and still refuses AVIF by name', async () => {
    const heic = heicFixture('halves-1200x800');
    const damaged = await rejection(normalisePageImage(heic.subarray(0, 400), 0, { label: 'page_0' }));
    expect(damaged.code).toBe('IMAGE.UNREADABLE');
    expect(damaged.message).toMatch(/^page_0 looks like HEIC\/HEIF but could not be read/);
    const avif = await sharp(await halves(64, 64, 'png'))
      .avif()
      .toBuffer();
    const refused = await rejection(normalisePageImage(avif, 0));
    expect(refused.code).toBe('IMAGE.UNSUPPORTED_TYPE');
    expect(refused.message).toContain('an AVIF image');
  });

  it('refuses a photo with more pixels than the limit from its header, before decoding it, saying the limit', async () => {
    // The progressive JPEG of 12,000 pixels a side: refused in milliseconds, whatever it holds.
    const progressive = claiming(
      await sharp(await halves(64, 64, 'png'))
        .jpeg({ progressive: true })
        .toBuffer(),
      12000,
      12000,
    );
    const started = Date.now();
    const refused = await rejection(normalisePageImage(progressive, 0, { label: 'page_0' }));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(refused.code).toBe('IMAGE.TOO_MANY_PIXELS');
    expect(refused.message).toBe(
      `page_0 is 12,000 × 12,000 pixels (144 megapixels); the archive takes photos of up to ${MAX_PAGE_MEGAPIXELS} megapixels. Use the camera's standard size or scale the photo down.`,
    );
    // A HEIC of 36 megapixels is over its own, lower limit, for the intake and for the page store alike.
    const heic = claiming(heicFixture('halves-1200x800'), 6000, 6000);
    for (const attempt of [normalisePageImage(heic, 1, { label: 'page_1' }), storableImage(heic, 'page_1')]) {
      const big = await rejection(attempt);
      expect(big.code).toBe('IMAGE.TOO_MANY_PIXELS');
      expect(big.message).toMatch(
        new RegExp(
          `^page_1 is 6,000 × 6,000 pixels \\(36 megapixels\\); the archive takes photos of up to ${MAX_HEIF_MEGAPIXELS} megapixels for HEIC/HEIF`,
        ),
      );
    }
  });

  it('takes a photo of exactly the limit', async () => {
    const side = Math.floor(Math.sqrt(MAX_PAGE_MEGAPIXELS * 1_000_000));
    const page = await normalisePageImage(
      await sharp({ create: { width: side, height: side, channels: 3, background: '#f4f1ea' } })
        .jpeg()
        .toBuffer(),
      0,
    );
    expect(page).toMatchObject({ mimeType: 'image/jpeg', width: 2000, height: 2000 });
  });

  it('reports an empty file and a damaged image with their own codes', async () => {
    expect((await rejection(normalisePageImage(Buffer.alloc(0), 0))).code).toBe('IMAGE.EMPTY');
    const jpeg = await halves(300, 300, 'jpeg');
    const damaged = await rejection(normalisePageImage(jpeg.subarray(0, 200), 1, { label: 'page_1' }));
    expect(damaged.code).toBe('IMAGE.UNREADABLE');
    expect(damaged.message).toMatch(/^page_1 looks like JPEG but could not be read/);
  });
});
