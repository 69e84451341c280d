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

export interface OcrWord {
  text: string;
  bbox: Box;
  confidence: number;
}

export interface OcrLine {
  /** Words in reading order; the line's text is their texts joined by single spaces. */
  words: OcrWord[];
  bbox: Box;
  /** Baseline from its left to its right end; its slope shows how the photo is tilted. */
  baseline?: Box;
  /** Height of the type (ascender to descender) as the engine measured it, when it did. */
  rowHeight?: number;
  confidence: number;
}

export interface OcrPage {
  /** PageImage.index of the photo this was read from. */
  index: number;
  width: number;
  height: number;
  lines: OcrLine[];
}
