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
}
