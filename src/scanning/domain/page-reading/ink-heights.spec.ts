import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inkHeights, type GreyImage } from './ink-heights.js';

/** A line of print rendered at a given size, and its box, as the recogniser would report it. */
async function printed(
  text: string,
  size: number,
  blur = 0,
): Promise<{ image: GreyImage; box: { x0: number; y0: number; x1: number; y1: number } }> {
  const width = Math.round(text.length * size * 0.62);
  const height = Math.round(size * 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><text x="10" y="${size * 1.3}" font-family="DejaVu Serif" font-size="${size}" fill="#111">${text}</text></svg>`;
  let img = sharp(Buffer.from(svg));
  if (blur) img = img.blur(blur);
  const { data, info } = await img.greyscale().raw().toBuffer({ resolveWithObject: true });
  return { image: { data, width: info.width, height: info.height }, box: { x0: 0, y0: 0, x1: info.width, y1: info.height } };
}

describe('type heights measured on the ink', () => {
  it('measures the x-height band and the ascent, in proportion to the type size', async () => {
    const small = await printed('the quiet harbour sleeps tonight', 30);
    const large = await printed('the quiet harbour sleeps tonight', 45);
    const a = inkHeights(small.image, small.box)!;
    const b = inkHeights(large.image, large.box)!;
    expect(b.band / a.band).toBeCloseTo(1.5, 1);
    expect(b.ascent / a.ascent).toBeCloseTo(1.5, 1);
    // x-height is about half the type size, the ascent about three quarters.
    expect(a.band / 30).toBeGreaterThan(0.4);
    expect(a.band / 30).toBeLessThan(0.65);
    expect(a.ascent / a.band).toBeGreaterThan(1.3);
  });

  it('gives a line in capitals a band as high as its capitals', async () => {
    const caps = await printed('THE OVEN BIRD', 30);
    const m = inkHeights(caps.image, caps.box)!;
    expect(m.band / m.ascent).toBeGreaterThan(0.9);
  });

  it('measures the same on a blurred photo, where boxes from the recogniser swell', async () => {
    const crisp = await printed('and miles to go before I sleep', 36);
    const soft = await printed('and miles to go before I sleep', 36, 1.6);
    const a = inkHeights(crisp.image, crisp.box)!;
    const b = inkHeights(soft.image, soft.box)!;
    expect(Math.abs(b.band - a.band)).toBeLessThanOrEqual(3);
  });
});
