import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeImageThreads } from './image-threads.js';
import { loadOpenCv } from './opencv.js';
import { findPage, PAGE_WIDTH, type FoundPage } from './page-finder.js';

/**
 * Real images: a page (cream paper, a few lines of print and two rules) photographed on a darker
 * table, turned, sheared and softened as a hand-held phone photo is.
 */
const PAGE = { width: 1000, height: 1400 };

function pageSvg(paper = '#f3ede0', ink = '#1d1a16'): string {
  const lines = Array.from(
    { length: 12 },
    (_, i) =>
      `<text x="150" y="${500 + i * 60}" font-family="DejaVu Serif" font-size="30" fill="${ink}">A line of verse, number ${i + 1}, set here</text>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE.width}" height="${PAGE.height}"><rect width="100%" height="100%" fill="${paper}"/>
    <rect x="100" y="400" width="800" height="8" fill="${ink}"/><rect x="200" y="150" width="8" height="1100" fill="${ink}"/>${lines}</svg>`;
}

async function photograph(svg: string, options: { rotate?: number; shear?: number; table?: string; frame?: number } = {}): Promise<Buffer> {
  const table = options.table ?? '#3b342c';
  const frame = options.frame ?? 1.25;
  const width = Math.round(PAGE.width * frame);
  const height = Math.round(PAGE.height * frame);
  const page = await sharp(Buffer.from(svg)).png().toBuffer();
  const framed = await sharp({ create: { width, height, channels: 3, background: table } })
    .composite([{ input: page, left: Math.round((width - PAGE.width) * 0.4), top: Math.round((height - PAGE.height) * 0.55) }])
    .png()
    .toBuffer();
  const turned = await sharp(framed)
    .rotate(options.rotate ?? 0, { background: table })
    .png()
    .toBuffer();
  return sharp(turned)
    .affine(
      [
        [1, options.shear ?? 0],
        [0, 1],
      ],
      { background: table },
    )
    .blur(0.8)
    .jpeg({ quality: 75 })
    .toBuffer();
}

const at = (p: FoundPage, x: number, y: number) => p.grey[Math.round(y) * p.width + Math.round(x)];

/** Mean of a band along the page's edges: paper, not table, if the page was cut out right. */
function edgeMean(p: FoundPage): number {
  let sum = 0;
  let n = 0;
  const band = Math.round(p.width * 0.02);
  for (let y = 0; y < p.height; y += 4) {
    for (let x = 0; x < band; x += 2) {
      sum += at(p, x, y) + at(p, p.width - 1 - x, y);
      n += 2;
    }
  }
  return sum / n;
}

/** The row where the horizontal rule is darkest, measured near its left and near its right end. */
function ruleRows(p: FoundPage): [number, number] {
  const darkestRow = (x: number) => {
    let best = 0;
    let bestValue = 256;
    for (let y = 0; y < p.height * 0.5; y++) {
      const v = at(p, x, y);
      if (v < bestValue) {
        bestValue = v;
        best = y;
      }
    }
    return best;
  };
  return [darkestRow(p.width * 0.25), darkestRow(p.width * 0.8)];
}

describe('finding the page in a photo', () => {
  // The image thread starts with the first photo (OpenCV's load, and the sources' compilation
  // under the tests); each test then measures the finding alone.
  beforeAll(() => findPage(Buffer.from(pageSvg())), 60_000);
  afterAll(() => closeImageThreads());

  it('cuts out a turned and sheared page, level, at the standard width, with no table left', async () => {
    const found = await findPage(await photograph(pageSvg(), { rotate: 3.5, shear: 0.015 }));
    expect(found.corners).toHaveLength(4);
    expect(found.width).toBe(PAGE_WIDTH);
    expect(found.height / found.width).toBeCloseTo(PAGE.height / PAGE.width, 1);
    expect(edgeMean(found)).toBeGreaterThan(225);
    const [left, right] = ruleRows(found);
    // The rule runs 55% of the page's width; level means its two ends lie on the same row.
    expect(Math.abs(left - right)).toBeLessThan(found.height * 0.004);
  });

  it('undoes the perspective of a phone held at an angle over the page', async () => {
    // The page's top edge is seen narrower than its foot, as from a camera tilted towards the reader.
    const cv = await loadOpenCv();
    const flat = await sharp(await photograph(pageSvg()))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = flat.info;
    const src = cv.matFromArray(height, width, cv.CV_8UC1, flat.data);
    const out = new cv.Mat();
    const from = cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, width, 0, width, height, 0, height]);
    const to = cv.matFromArray(4, 1, cv.CV_32FC2, [
      width * 0.1,
      height * 0.04,
      width * 0.9,
      height * 0.02,
      width,
      height,
      0,
      height * 0.97,
    ]);
    const transform = cv.getPerspectiveTransform(from, to);
    cv.warpPerspective(
      src,
      out,
      transform,
      new cv.Size(width, height),
      cv.INTER_LINEAR,
      cv.BORDER_CONSTANT,
      new cv.Scalar(59, 59, 59, 255),
    );
    const photo = await sharp(Buffer.from(out.data), { raw: { width, height, channels: 1 } })
      .jpeg({ quality: 80 })
      .toBuffer();
    [src, out, from, to, transform].forEach((m) => m.delete());

    const found = await findPage(photo);
    expect(found.corners).toHaveLength(4);
    expect(found.height / found.width).toBeCloseTo(PAGE.height / PAGE.width, 1);
    expect(edgeMean(found)).toBeGreaterThan(225);
    const [left, right] = ruleRows(found);
    expect(Math.abs(left - right)).toBeLessThan(found.height * 0.004);
  });

  it('evens out uneven light, so the paper is white everywhere and the print stays dark', async () => {
    const photo = await photograph(pageSvg(), { rotate: -2 });
    // A dark corner, as under a lamp's shadow.
    const shadow = await sharp(photo)
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="1250" height="1750"><defs><radialGradient id="g" cx="20%" cy="20%" r="90%"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
          ),
        },
      ])
      .jpeg()
      .toBuffer();
    const found = await findPage(shadow);
    const paperNear = at(found, found.width * 0.5, found.height * 0.15);
    const paperFar = at(found, found.width * 0.85, found.height * 0.95);
    expect(Math.abs(paperNear - paperFar)).toBeLessThan(20);
    expect(paperFar).toBeGreaterThan(225);
  });

  it('takes a scan that the page fills as the page, whole', async () => {
    const scan = await sharp(Buffer.from(pageSvg('#ffffff')))
      .jpeg()
      .toBuffer();
    const found = await findPage(scan);
    expect(found.corners).toBeUndefined();
    expect(found.width).toBe(PAGE_WIDTH);
    expect(found.height).toBe(Math.round((PAGE.height * PAGE_WIDTH) / PAGE.width));
  });

  it('reads an image with transparency as one channel of grey', async () => {
    const scan = await sharp(Buffer.from(pageSvg('#ffffff')))
      .ensureAlpha(0.5)
      .png()
      .toBuffer();
    const found = await findPage(scan);
    expect(found.grey.length).toBe(found.width * found.height);
    expect(found.width).toBe(PAGE_WIDTH);
  });

  it('turns light print on a dark cover into dark print on light paper', async () => {
    const cover = await photograph(pageSvg('#38304a', '#efe4c8'), { rotate: 2, table: '#8a8278' });
    const found = await findPage(cover);
    expect(found.corners).toHaveLength(4);
    expect(at(found, found.width * 0.5, found.height * 0.2)).toBeGreaterThan(200);
    const [left] = ruleRows(found);
    expect(at(found, found.width * 0.25, left)).toBeLessThan(100);
  });
});
