import sharp from '../../../common/sharp.js';
import { loadOpenCv, type Cv } from './opencv.js';
import { findPageOffThread } from './image-threads.js';
import { oneFullSizePhotoAtATime } from './photo-decoding.js';

/**
 * Finds the printed page in a photograph and returns it flat and upright, ready for text
 * recognition: the page is the largest bright quadrilateral against a darker background (a table,
 * a hand, the facing page's shadow). It is cut out and warped to a rectangle, which also undoes
 * the photo's rotation, shear and perspective, and its lighting is evened out so the ink can be
 * told from the paper with one threshold. Nothing outside the page is kept.
 *
 * A scan, or a photo filled by the page, has no such background: then the whole image is the page.
 */

export interface FoundPage {
  /** 8-bit greyscale pixels, row by row. */
  grey: Buffer;
  width: number;
  height: number;
  /** Corners of the page (top-left, top-right, bottom-right, bottom-left) in the input image as read, its longer side at most MAX_SOURCE_SIDE, when one was found. */
  corners?: Point[];
  /**
   * From the page's pixels back to the input image's (a 3x3 projective matrix, row by row), so a
   * place found on the flattened page can be shown on the photo.
   */
  toImage: number[];
}

export interface Point {
  x: number;
  y: number;
}

/** Long side of the image the page outline is looked for in: the outline needs no more detail. */
const DETECT_SIDE = 480;
/** The page must cover this share of the photo at least; smaller bright shapes are not the page. */
const MIN_PAGE_AREA = 0.2;
/** Above this share the page fills the frame (a scan): there is no outline to cut along. */
const FULL_FRAME_AREA = 0.93;
/** Shaved off every side after warping, so the page's own edge and a gutter shadow are not read. */
const EDGE_INSET = 0.025;
/** Width the page is resampled to: book type then has an x-height the recogniser reads well. */
export const PAGE_WIDTH = 1700;
/**
 * The photo's longer side as page finding reads it: a page filling even a third of a 50-megapixel
 * photo keeps more than PAGE_WIDTH pixels across, and phone photos (4032) and scans are read whole.
 */
const MAX_SOURCE_SIDE = 4800;

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** Orders four corners as top-left, top-right, bottom-right, bottom-left. */
export function orderCorners(points: Point[]): Point[] {
  const bySum = [...points].sort((a, b) => a.x + a.y - (b.x + b.y));
  const byDiff = [...points].sort((a, b) => a.x - a.y - (b.x - b.y));
  return [bySum[0], byDiff[3], bySum[3], byDiff[0]];
}

/** Area of a polygon (shoelace formula). */
function polygonArea(points: Point[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i];
    const b = points[(i + 1) % points.length];
    sum += a.x * b.y - b.x * a.y;
  }
  return Math.abs(sum) / 2;
}

type Mat = InstanceType<Cv['Mat']>;

function pointsOf(m: Mat): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < m.rows; i++) out.push({ x: m.data32S[i * 2], y: m.data32S[i * 2 + 1] });
  return out;
}

/** Corner angles of a quadrilateral in degrees; a page seen at an angle keeps them near 90. */
function cornerAngles(q: Point[]): number[] {
  return q.map((p, i) => {
    const a = q[(i + 3) % 4];
    const b = q[(i + 1) % 4];
    const v1 = { x: a.x - p.x, y: a.y - p.y };
    const v2 = { x: b.x - p.x, y: b.y - p.y };
    const cos = (v1.x * v2.x + v1.y * v2.y) / (Math.hypot(v1.x, v1.y) * Math.hypot(v2.x, v2.y));
    return (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
  });
}

/**
 * The largest outer region of a binary image reduced to four corners, if it can be the page: it
 * covers enough of the frame, its outline simplifies to a quadrilateral with corners near right
 * angles (a page seen at a slant), and that quadrilateral covers the region.
 */
function quadOf(cv: Cv, binary: Mat): Point[] | 'full' | undefined {
  const contours = new cv.MatVector();
  const hierarchy = new cv.Mat();
  const hull = new cv.Mat();
  const approx = new cv.Mat();
  try {
    cv.findContours(binary, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    let best = -1;
    let bestArea = 0;
    for (let i = 0; i < contours.size(); i++) {
      const area = cv.contourArea(contours.get(i));
      if (area > bestArea) {
        bestArea = area;
        best = i;
      }
    }
    const frame = binary.cols * binary.rows;
    if (best < 0) return undefined;
    cv.convexHull(contours.get(best), hull);
    const hullArea = cv.contourArea(hull);
    if (hullArea < frame * MIN_PAGE_AREA) return undefined;
    if (hullArea > frame * FULL_FRAME_AREA) return 'full';
    cv.approxPolyDP(hull, approx, cv.arcLength(hull, true) * 0.02, true);
    if (approx.rows !== 4) return undefined;
    const corners = orderCorners(pointsOf(approx));
    if (cornerAngles(corners).some((a) => Math.abs(a - 90) > 20)) return undefined;
    if (polygonArea(corners) < hullArea * 0.9) return undefined;
    return corners;
  } finally {
    contours.delete();
    hierarchy.delete();
    hull.delete();
    approx.delete();
  }
}

/**
 * The page outline in a small greyscale copy. First from edges (Canny): the paper's border is the
 * strongest long edge in a photo and survives uneven light, a gutter shadow and a dim corner.
 * Then, for a page whose border is soft or broken, from brightness (Otsu): the largest bright
 * region, with the gaps the print leaves closed.
 */
function findOutline(cv: Cv, image: Mat, factor: number): Point[] | 'full' | undefined {
  const small = new cv.Mat();
  const binary = new cv.Mat();
  const close = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(5, 5));
  const fill = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(9, 9));
  try {
    cv.resize(image, small, new cv.Size(Math.round(image.cols * factor), Math.round(image.rows * factor)), 0, 0, cv.INTER_AREA);
    cv.GaussianBlur(small, small, new cv.Size(5, 5), 0);
    cv.Canny(small, binary, 30, 90);
    cv.morphologyEx(binary, binary, cv.MORPH_CLOSE, close);
    const fromEdges = quadOf(cv, binary);
    if (fromEdges) return fromEdges;
    cv.threshold(small, binary, 0, 255, cv.THRESH_BINARY | cv.THRESH_OTSU);
    cv.morphologyEx(binary, binary, cv.MORPH_CLOSE, fill);
    cv.morphologyEx(binary, binary, cv.MORPH_OPEN, fill);
    return quadOf(cv, binary);
  } finally {
    small.delete();
    binary.delete();
    close.delete();
    fill.delete();
  }
}

/**
 * Divides out the light falling on the page: the paper's brightness is estimated on a coarse grid
 * (the brightest value near each point, so print does not darken it) and every pixel is scaled so
 * the paper becomes white. Vignetting, a gutter shadow and a lamp's hot spot all even out.
 */
function flattenLighting(cv: Cv, page: Mat): void {
  const coarse = new cv.Mat();
  const background = new cv.Mat();
  const kernel = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(7, 7));
  try {
    // At a quarter of the size, the brightest value within 7 pixels (28 of the page) is paper:
    // wider than any stroke of print, narrow enough to follow a gutter shadow's steep edge.
    const scale = 1 / 4;
    cv.resize(page, coarse, new cv.Size(0, 0), scale, scale, cv.INTER_AREA);
    cv.dilate(coarse, coarse, kernel);
    cv.GaussianBlur(coarse, coarse, new cv.Size(9, 9), 0);
    cv.resize(coarse, background, new cv.Size(page.cols, page.rows), 0, 0, cv.INTER_CUBIC);
    cv.divide(page, background, page, 255);
  } finally {
    coarse.delete();
    background.delete();
    kernel.delete();
  }
}

/**
 * Levels after flattening: the darkest ink becomes black and everything lighter than halfway from
 * the ink/paper threshold to white becomes paper. The recogniser then sees no paper grain, no
 * leftover shading and no faint show-through, which otherwise turn into marks around sparse text
 * such as a page number alone at the foot of a page.
 */
function stretchInk(cv: Cv, page: Mat): void {
  const scratch = new cv.Mat();
  try {
    const threshold = cv.threshold(page, scratch, 0, 255, cv.THRESH_BINARY | cv.THRESH_OTSU);
    const histogram = new Array<number>(256).fill(0);
    const data = page.data;
    for (let i = 0; i < data.length; i += 7) histogram[data[i]]++;
    const inkPixels = histogram.slice(0, Math.round(threshold)).reduce((a, b) => a + b, 0);
    // The darkest ink: a low percentile of the pixels darker than the threshold.
    let seen = 0;
    let black = 0;
    while (black < threshold && seen + histogram[black] < inkPixels * 0.05) seen += histogram[black++];
    const white = Math.min(250, (threshold + 255) / 2);
    if (white - black < 20) return;
    const alpha = 255 / (white - black);
    page.convertTo(page, -1, alpha, -black * alpha);
  } finally {
    scratch.delete();
  }
}

/**
 * Finds the page in an image (any format sharp reads, already upright) and returns it flattened,
 * on the image thread, so the process stays free to answer meanwhile.
 */
export function findPage(image: Buffer): Promise<FoundPage> {
  return findPageOffThread(image);
}

/** findPage on this thread: the image thread's own work. */
export async function findPageHere(image: Buffer): Promise<FoundPage> {
  const cv = await loadOpenCv();
  return oneFullSizePhotoAtATime(() => findPageIn(cv, image));
}

async function findPageIn(cv: Cv, image: Buffer): Promise<FoundPage> {
  // One 8-bit channel whatever came in (a PNG with transparency has two once grey), no larger than
  // the page needs (OpenCV's WebAssembly memory keeps its largest size for good).
  const full = await sharp(image)
    .flatten({ background: '#ffffff' })
    .resize({ width: MAX_SOURCE_SIDE, height: MAX_SOURCE_SIDE, fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = full.info;
  const input = await sharp(image).metadata();
  // Input pixels per pixel read here (1 unless the input was larger than MAX_SOURCE_SIDE).
  const inputScale = input.width && input.height ? Math.max(input.width, input.height) / Math.max(width, height) : 1;
  let toImage: number[];
  const factor = Math.min(1, DETECT_SIDE / Math.max(width, height));
  const src = cv.matFromArray(height, width, cv.CV_8UC1, full.data);
  const out = new cv.Mat();
  try {
    const outline = findOutline(cv, src, factor);
    let corners: Point[] | undefined;
    if (Array.isArray(outline)) {
      corners = outline.map((p) => ({ x: p.x / factor, y: p.y / factor }));
      const [tl, tr, br, bl] = corners;
      const pageWidth = Math.max(distance(tl, tr), distance(bl, br));
      const pageHeight = Math.max(distance(tl, bl), distance(tr, br));
      const scale = PAGE_WIDTH / pageWidth;
      const w = Math.round(pageWidth * scale);
      const h = Math.round(pageHeight * scale);
      const inset = Math.round(Math.min(w, h) * EDGE_INSET);
      const from = cv.matFromArray(
        4,
        1,
        cv.CV_32FC2,
        corners.flatMap((p) => [p.x, p.y]),
      );
      const to = cv.matFromArray(4, 1, cv.CV_32FC2, [-inset, -inset, w + inset, -inset, w + inset, h + inset, -inset, h + inset]);
      const transform = cv.getPerspectiveTransform(from, to);
      const back = cv.getPerspectiveTransform(to, from);
      try {
        cv.warpPerspective(src, out, transform, new cv.Size(w, h), cv.INTER_LINEAR, cv.BORDER_REPLICATE);
        // The corners are in the image as read here, which may be smaller than the input.
        toImage = Array.from(back.data64F as Float64Array).map((v, i) => (i < 6 ? v * inputScale : v));
      } finally {
        from.delete();
        to.delete();
        transform.delete();
        back.delete();
      }
    } else {
      const scale = PAGE_WIDTH / width;
      toImage = [inputScale / scale, 0, 0, 0, inputScale / scale, 0, 0, 0, 1];
      cv.resize(
        src,
        out,
        new cv.Size(Math.round(width * scale), Math.round(height * scale)),
        0,
        0,
        scale > 1 ? cv.INTER_LINEAR : cv.INTER_AREA,
      );
    }
    // Light print on a dark cover is turned into dark print on light paper, as the recogniser expects.
    const mean = cv.mean(out)[0];
    if (mean < 110) cv.bitwise_not(out, out);
    flattenLighting(cv, out);
    stretchInk(cv, out);
    return { grey: Buffer.from(out.data), width: out.cols, height: out.rows, corners, toImage };
  } finally {
    src.delete();
    out.delete();
  }
}
