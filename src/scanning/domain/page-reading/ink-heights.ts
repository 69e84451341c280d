import type { Box } from './ocr-page.js';

/**
 * Type size measured on the page image itself. The recogniser's letter and word boxes are often
 * inflated to the whole row on soft or blurred photos, but the ink of a printed line always has
 * the same profile: across its height, few dark pixels where only ascenders and capitals reach,
 * many in the band of the small letters, few again in the descenders. From that profile:
 * - band: the height of the dense band (the x-height; for a line in capitals, the cap height);
 * - ascent: from the top of the tallest letters to the baseline.
 */
export interface InkHeights {
  band: number;
  ascent: number;
}

export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

const INK = 140;

/** Measures a line's ink inside its box, following the baseline's slope so a slight tilt does not blur the profile. */
export function inkHeights(image: GreyImage, box: Box, baseline?: Box): InkHeights | undefined {
  const x0 = Math.max(0, Math.floor(box.x0));
  const x1 = Math.min(image.width, Math.ceil(box.x1));
  const pad = Math.round((box.y1 - box.y0) * 0.15);
  const y0 = Math.max(0, Math.floor(box.y0) - pad);
  const y1 = Math.min(image.height, Math.ceil(box.y1) + pad);
  if (x1 - x0 < 4 || y1 - y0 < 4) return undefined;
  const slope = baseline && baseline.x1 !== baseline.x0 ? (baseline.y1 - baseline.y0) / (baseline.x1 - baseline.x0) : 0;
  const rows = y1 - y0;
  const profile = new Array<number>(rows).fill(0);
  for (let x = x0; x < x1; x++) {
    const shift = Math.round((x - x0) * slope);
    for (let r = 0; r < rows; r++) {
      const y = y0 + r + shift;
      if (y < 0 || y >= image.height) continue;
      if (image.data[y * image.width + x] < INK) profile[r]++;
    }
  }
  const peak = Math.max(...profile);
  if (peak < 3) return undefined;
  const firstAt = (share: number) => profile.findIndex((v) => v >= peak * share);
  const lastAt = (share: number) => rows - 1 - [...profile].reverse().findIndex((v) => v >= peak * share);
  const top = firstAt(0.06);
  const meanline = firstAt(0.4);
  const base = lastAt(0.4);
  if (top < 0 || meanline < 0 || base < meanline) return undefined;
  return { band: base - meanline + 1, ascent: base - top + 1 };
}
