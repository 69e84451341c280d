import { boundedLevenshtein } from '../duplicates/poem-similarity.js';
import type { Box, OcrLine, OcrPage, OcrSymbol, OcrWord } from './ocr-page.js';

/**
 * The recogniser's lines as the layout analysis uses them: level (the photo's remaining tilt
 * undone), with cleaned text and the measures typography is judged by.
 */

export interface LayoutWord {
  text: string;
  /** The text as the recogniser read it, before repairs ("|" that became the pronoun "I"). */
  raw: string;
  left: number;
  right: number;
  /** Height of the word's box. */
  height: number;
  confidence: number;
  /** Heights of its capitals and of its x-height letters, where the engine boxed single letters. */
  capitals: number[];
  smalls: number[];
  /** Its box on the page as read (not levelled): where it stands, for proofreading. */
  box?: Box;
}

export interface LayoutLine {
  text: string;
  words: LayoutWord[];
  /** Left and right ends and baseline, in pixels of the levelled page. */
  left: number;
  right: number;
  baseline: number;
  /** Type size: the row's height from descender to ascender, close to one em. */
  size: number;
  /** Height of the line's capitals: compares type sizes across lines, in capitals or not. */
  capHeight?: number;
  /** Height of its x-height letters (a, c, e, m, n, o, ...). */
  xHeight?: number;
  confidence: number;
}

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))))];
}

/**
 * Repairs confusions the recogniser makes with book type:
 * - the pronoun I read as "1", "l" or "|": a lone such word in a line with no other figures, with
 *   words of letters around it, is the pronoun;
 * - the vocative O read as "0" in such a line;
 * - a speck read as an apostrophe gluing "I" to the next word ("I'walked"; the contractions I'm,
 *   I'd, I'll, I've are left alone);
 * - one apostrophe read as two ("EVELEEN’'S").
 */
export function cleanWords(words: string[]): string[] {
  const figures = words.filter((w) => /\d/.test(w)).length;
  const letterWords = words.filter((w) => /\p{L}{2,}/u.test(w)).length;
  return words.map((word, i) => {
    const next = words[i + 1];
    const lone = /^[1l|][,;:.!?—-]*$/.test(word);
    if (lone && letterWords >= 2) {
      const onlyFigure = figures <= (/^1/.test(word) ? 1 : 0);
      if (onlyFigure && (next === undefined || /^\p{Ll}/u.test(next) || i === words.length - 1 || /^[,;:.!?—-]/.test(word.slice(1)))) {
        return `I${word.slice(1)}`;
      }
    }
    // The vocative O ("O my luve") read as a zero, where the line holds no other figures.
    if (/^0[,!]?$/.test(word) && figures === 1 && letterWords >= 2) return `O${word.slice(1)}`;
    // One apostrophe read twice ("EVELEEN’'S"): no word holds two between its letters.
    return word.replace(/^I['’](?!(?:m|d|ll|ve)\b)([a-z]{2,})/, 'I $1').replace(/(\p{L})(['’])['’]+(?=\p{L})/gu, '$1$2');
  });
}

/** Tilt of the page in radians, from the slope of the longer baselines. */
export function pageSkew(page: OcrPage): number {
  const slopes: number[] = [];
  for (const line of page.lines) {
    const b = line.baseline;
    if (!b || b.x1 - b.x0 < page.width * 0.2) continue;
    slopes.push(Math.atan2(b.y1 - b.y0, b.x1 - b.x0));
  }
  return slopes.length ? median(slopes) : 0;
}

/**
 * Words whose box is exactly as high as a capital: capitals and figures only ("XVIII", "A"), or a
 * capital followed by letters of x-height alone ("Rose", "We"). Ascenders are left out, as they
 * rise above capitals by a different amount in every typeface.
 */
const CAP_HEIGHT_WORD = /^(?:[A-IK-PR-Z0-9]+|[A-IK-PR-Z][acemnorsuvwxz]+)[.!?:]?$/;

/** Median height of the line's capitals: from single letters where boxed, else from whole words. */
function capHeightOf(words: LayoutWord[]): number | undefined {
  const letters = words.flatMap((w) => w.capitals);
  if (letters.length) return median(letters);
  const heights = words.filter((w) => CAP_HEIGHT_WORD.test(w.text)).map((w) => w.height);
  return heights.length ? median(heights) : undefined;
}

function xHeightOf(words: LayoutWord[]): number | undefined {
  const letters = words.flatMap((w) => w.smalls);
  return letters.length ? median(letters) : undefined;
}

const CAPITAL = /^[A-IK-PR-Z]$/;
const SMALL = /^[acemnorsuvwxz]$/;

/**
 * A word set in capital and small capitals ("Erin", the first word of a poem "Oh!"), which the
 * recogniser reads as capitals ("ERIN", "TAkE"): its letters after the first are a good deal
 * shorter than the first, as small capitals stand at about the x-height. Printed as the book's
 * reader sees it: the first letter a capital, the rest small. A word in full capitals keeps them.
 */
export function smallCapitals(word: OcrWord): string {
  const text = word.text.trim();
  const symbols = word.symbols ?? [];
  if (symbols.length !== [...text].length) return text;
  const letters = symbols.filter((c) => /^\p{L}$/u.test(c.text));
  if (letters.length < 2 || !/^\p{Lu}$/u.test(letters[0].text)) return text;
  const rest = letters.slice(1);
  if (rest.filter((c) => /^\p{Lu}$/u.test(c.text)).length < Math.max(1, rest.length / 2)) return text;
  const height = (c: OcrSymbol) => c.bbox.y1 - c.bbox.y0;
  const first = height(letters[0]);
  // Most, not all: the recogniser's box of one letter is sometimes a row high.
  if (rest.filter((c) => height(c) <= first * 0.8).length < rest.length * 0.7) return text;
  const firstAt = text.indexOf(letters[0].text);
  return text.slice(0, firstAt + 1) + text.slice(firstAt + 1).toLowerCase();
}

/** Two words read apart as one: the second's text after the first's, and their boxes joined. */
function joined(first: LayoutWord, second: LayoutWord, keep: LayoutWord): LayoutWord {
  return {
    ...keep,
    text: first.text + second.text,
    raw: first.raw + second.raw,
    left: first.left,
    right: second.right,
    capitals: keep.capitals,
    smalls: keep.smalls,
    confidence: Math.min(first.confidence, second.confidence),
    box: first.box && second.box ? unionBox(first.box, second.box) : keep.box,
  };
}

/**
 * Old books print a space before ; : ? and ! ("away ;") and after an opening quotation mark
 * ("“ Oh!"), which readers of today do not: such a stop, read as a word of its own close to the
 * word before (under half an em), joins that word, and such a mark the word after it. A mark
 * further off is left alone, for the edge-mark rules to judge; guillemets keep their spaces, as
 * French sets them.
 */
export function closeUpStops(words: LayoutWord[], em: number): LayoutWord[] {
  const out: LayoutWord[] = [];
  for (const word of words) {
    const before = out[out.length - 1];
    const close = before && word.left - before.right < em * 0.5;
    if (close && /^[;:?!]+[)"'’”]?$/.test(word.text) && /[\p{L}\p{N}.,)'’"”]$/u.test(before.text)) {
      out[out.length - 1] = joined(before, word, before);
      continue;
    }
    if (close && /^[“„"]+$/.test(before.text) && /^[\p{L}\p{N}]/u.test(word.text)) {
      out[out.length - 1] = joined(before, word, word);
      continue;
    }
    out.push(word);
  }
  return out;
}

function toLayoutLine(line: OcrLine, level: (x: number, y: number) => { x: number; y: number }, sin: number): LayoutLine | undefined {
  // Small capitals are told within text in upper and lower case; a line all in capitals (a title)
  // keeps them, whatever its letters' heights.
  const mixed = line.words.some((w) => /\p{Ll}/u.test(w.text));
  const raw = line.words.map((w) => ({ ...w, text: mixed ? smallCapitals(w) : w.text.trim() })).filter((w) => w.text !== '');
  const texts = cleanWords(raw.map((w) => w.text));
  const spaced: LayoutWord[] = raw.map((w, i) => ({
    text: texts[i],
    raw: w.text,
    left: level(w.bbox.x0, w.bbox.y1).x,
    right: level(w.bbox.x1, w.bbox.y1).x,
    height: w.bbox.y1 - w.bbox.y0,
    confidence: w.confidence,
    capitals: (w.symbols ?? []).filter((c) => CAPITAL.test(c.text)).map((c) => c.bbox.y1 - c.bbox.y0),
    smalls: (w.symbols ?? []).filter((c) => SMALL.test(c.text)).map((c) => c.bbox.y1 - c.bbox.y0),
    box: w.bbox,
  }));
  const words = closeUpStops(spaced, line.rowHeight && line.rowHeight > 0 ? line.rowHeight : line.bbox.y1 - line.bbox.y0);
  const text = words.map((w) => w.text).join(' ');
  if (!/[\p{L}\p{N}]/u.test(text)) return undefined;
  // Heights from the ink where measured: for a line in capitals its dense band is the cap height.
  const capitals = isCapitals(text);
  const capHeight = line.ink ? (capitals ? line.ink.band : line.ink.ascent) : capHeightOf(words);
  const xHeight = line.ink ? (capitals ? undefined : line.ink.band) : xHeightOf(words);
  const b = line.baseline ?? { x0: line.bbox.x0, y0: line.bbox.y1, x1: line.bbox.x1, y1: line.bbox.y1 };
  const start = level(b.x0, b.y0);
  const end = level(b.x1, b.y1);
  const boxHeight = line.bbox.y1 - line.bbox.y0 - Math.abs((line.bbox.x1 - line.bbox.x0) * sin);
  return {
    text,
    words,
    left: words.length ? Math.min(...words.map((w) => w.left)) : Math.min(start.x, level(line.bbox.x0, b.y0).x),
    right: words.length ? Math.max(...words.map((w) => w.right)) : end.x,
    baseline: (start.y + end.y) / 2,
    size: line.rowHeight && line.rowHeight > 0 ? line.rowHeight : Math.max(1, boxHeight),
    capHeight,
    xHeight,
    confidence: line.confidence,
  };
}

/** The smallest box holding both. */
export function unionBox(a: Box, b: Box): Box {
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) };
}

/** Levels the lines' geometry, drops lines without a letter or figure, and specks read as text. */
export function straightenLines(page: OcrPage): LayoutLine[] {
  const skew = pageSkew(page);
  const cos = Math.cos(skew);
  const sin = Math.sin(skew);
  const level = (x: number, y: number) => ({ x: x * cos + y * sin, y: -x * sin + y * cos });
  const lines = page.lines.map((line) => toLayoutLine(line, level, sin)).filter((l): l is LayoutLine => l !== undefined);
  lines.sort((a, b) => a.baseline - b.baseline);
  // Short, unsure lines far smaller than the type are dust or paper grain read as letters.
  const size = median(lines.map((l) => l.size));
  return lines.filter(
    (l) => !(l.size < size * 0.45 || (l.confidence < 35 && l.text.replace(/\s/g, '').length <= 2 && !/^\d+$/.test(l.text))),
  );
}

/** The line with some of its words only (its type size stays what the whole line showed). */
export function withWords(line: LayoutLine, words: LayoutWord[]): LayoutLine {
  return {
    ...line,
    words,
    text: words.map((w) => w.text).join(' '),
    left: Math.min(...words.map((w) => w.left)),
    right: Math.max(...words.map((w) => w.right)),
  };
}

/** Letters-only key that recognises the same heading on several pages, whatever its case or figures. */
export function textKey(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** Every letter a capital (at least two letters): set in capitals or small capitals. */
export function isCapitals(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

/** 1 − edit distance / longer length, for short texts such as headings. */
export function alikeness(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - boundedLevenshtein(a, b, longer) / longer;
}
