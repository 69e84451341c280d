import type { InkHeights } from './ink-heights.js';

/**
 * What the OCR engine gives the layout analysis: text lines with boxes, in image pixels.
 * Kept engine-neutral so the analysis can be tested on synthetic boxes.
 */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrSymbol {
  text: string;
  bbox: Box;
}

export interface OcrWord {
  text: string;
  bbox: Box;
  confidence: number;
  /** The word's letters with their boxes, when the engine gives them (their heights measure type size). */
  symbols?: OcrSymbol[];
}

export interface OcrLine {
  /** Words in reading order; the line's text is their texts joined by single spaces. */
  words: OcrWord[];
  bbox: Box;
  /** Baseline from its left to its right end; its slope shows how the photo is tilted. */
  baseline?: Box;
  /** Height of the type (ascender to descender) as the engine measured it, when it did. */
  rowHeight?: number;
  /** Type heights measured on the image's ink, when the image was at hand. */
  ink?: InkHeights;
  confidence: number;
}

export interface OcrPage {
  /** PageImage.index of the photo this was read from. */
  index: number;
  width: number;
  height: number;
  lines: OcrLine[];
  /**
   * The photo this page was found in (its reading copy, as turned), and how a point of this page
   * lands on it: a 3x3 projective matrix, row by row. Absent in readings kept before places were.
   */
  photo?: { width: number; height: number; fromPage: number[] };
}

/** A box of the page on the photo it was found in: the bounds of its four corners carried over. */
export function boxOnPhoto(box: Box, fromPage: number[]): Box {
  const [a, b, c, d, e, f, g, h, i] = fromPage;
  const corners = [
    [box.x0, box.y0],
    [box.x1, box.y0],
    [box.x1, box.y1],
    [box.x0, box.y1],
  ].map(([x, y]) => {
    const w = g * x + h * y + i;
    return { x: (a * x + b * y + c) / w, y: (d * x + e * y + f) / w };
  });
  return {
    x0: Math.min(...corners.map((p) => p.x)),
    y0: Math.min(...corners.map((p) => p.y)),
    x1: Math.max(...corners.map((p) => p.x)),
    y1: Math.max(...corners.map((p) => p.y)),
  };
}
