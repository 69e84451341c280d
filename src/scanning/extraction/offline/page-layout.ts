import type { ExtractedPoem } from '../extraction.port.js';
import type { OcrLine, OcrPage } from './ocr-page.js';

/**
 * Layout analysis of OCR'd book pages. Plain OCR text loses what matters in a poem (indentation,
 * stanza breaks, which line is a title), so we rebuild it from the geometry of the text lines.
 *
 * Conventions (also what the test page renderer prints):
 * - Type size ("em") is the median height of the page's text rows as the OCR engine measures them.
 * - Indentation is the distance of a line's left end from the page's text margin, counted in
 *   steps of 2 em; each step becomes 4 leading spaces. Anything from 0.6 em up is at least one
 *   step, smaller offsets are treated as the ragged edge of a photo and ignored.
 * - A stanza break is a gap between baselines of more than 1.35 times the normal leading.
 * - A title is a line set at least 1.22 times larger than body type (consecutive ones merge), or
 *   a short line in capitals that stands apart from the lines above and below.
 * - A running header is a top line that is small, or that repeats on other pages and stands
 *   apart from the text; a top or bottom line that is only a number and stands apart from the
 *   text is the printed page number, as is a number at either end of a header line.
 */

export interface LayoutLine {
  text: string;
  /** Left and right ends and baseline, in pixels of the straightened page. */
  left: number;
  right: number;
  baseline: number;
  size: number;
  confidence: number;
}

export interface PoemBlock {
  /** Absent when the page begins inside a poem that started earlier. */
  title?: string;
  /** Body lines with leading spaces for indentation and '' for stanza breaks. */
  lines: string[];
}

export interface PageLayout {
  index: number;
  pageNumber?: number;
  blocks: PoemBlock[];
}

export const SPACES_PER_INDENT_STEP = 4;
const INDENT_STEP_EM = 2;
const MIN_INDENT_EM = 0.6;
const STANZA_GAP = 1.35;
const TITLE_SIZE = 1.22;
const SMALL_SIZE = 0.8;

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))))];
}

/**
 * Repairs two confusions Tesseract makes with book type: the pronoun I read as "1", "l" or "|"
 * (only where the line holds no other digits and a lowercase word follows), and a speck read as
 * an apostrophe gluing "I" to the next word ("I'walked"; the contractions I'm, I'd, I'll, I've
 * are left alone).
 */
export function cleanWords(words: string[]): string[] {
  const digitWords = words.filter((w) => /\d/.test(w)).length;
  return words.map((word, i) => {
    const next = words[i + 1];
    if (/^[1l|]$/.test(word) && next && /^[a-z]/.test(next) && digitWords <= (word === '1' ? 1 : 0)) return 'I';
    return word.replace(/^I['’](?!(?:m|d|ll|ve)\b)([a-z]{2,})/, 'I $1');
  });
}

function lineText(line: OcrLine): string {
  return cleanWords(line.words.map((w) => w.text.trim()).filter(Boolean)).join(' ');
}

/** Tilt of the photo in radians, from the slope of the longer baselines. */
export function pageSkew(page: OcrPage): number {
  const slopes: number[] = [];
  for (const line of page.lines) {
    const b = line.baseline;
    if (!b || b.x1 - b.x0 < page.width * 0.2) continue;
    slopes.push(Math.atan2(b.y1 - b.y0, b.x1 - b.x0));
  }
  return slopes.length ? median(slopes) : 0;
}

/** Rotates the lines' geometry so the page is level, and drops specks that are not text. */
export function straightenLines(page: OcrPage): LayoutLine[] {
  const skew = pageSkew(page);
  const cos = Math.cos(skew);
  const sin = Math.sin(skew);
  const level = (x: number, y: number) => ({ x: x * cos + y * sin, y: -x * sin + y * cos });
  const lines: LayoutLine[] = [];
  for (const line of page.lines) {
    const text = lineText(line);
    if (!/[\p{L}\p{N}]/u.test(text)) continue;
    const b = line.baseline ?? { x0: line.bbox.x0, y0: line.bbox.y1, x1: line.bbox.x1, y1: line.bbox.y1 };
    const start = level(b.x0, b.y0);
    const end = level(b.x1, b.y1);
    const boxHeight = line.bbox.y1 - line.bbox.y0 - Math.abs((line.bbox.x1 - line.bbox.x0) * sin);
    lines.push({
      text,
      left: Math.min(start.x, level(line.bbox.x0, b.y0).x),
      right: end.x,
      baseline: (start.y + end.y) / 2,
      size: line.rowHeight && line.rowHeight > 0 ? line.rowHeight : Math.max(1, boxHeight),
      confidence: line.confidence,
    });
  }
  lines.sort((a, b) => a.baseline - b.baseline);
  // Short, unsure lines far smaller than the type are dust or paper grain read as letters.
  const size = median(lines.map((l) => l.size));
  return lines.filter((l) => !(l.size < size * 0.45 || (l.confidence < 35 && l.text.replace(/\s/g, '').length <= 2 && !/^\d+$/.test(l.text))));
}

/** Reads a printed page number such as "12", "- 12 -", "[12]" or "Page 12" (tolerating l/I/O misreads). */
export function parsePageNumber(text: string): number | undefined {
  const m = /^[\s\-–—[(|.•·]*(?:page|p\.)?\s*([0-9IlOo|]{1,4})[\s\-–—\])|.•·]*$/i.exec(text);
  if (!m || !/\d/.test(m[1])) return undefined;
  const digits = m[1].replace(/[Il|]/g, '1').replace(/[Oo]/g, '0');
  const n = Number(digits);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Letters-only key used to recognise a running header repeated on several pages. */
export function headerKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z]/g, '');
}

function isUpper(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 3 && letters === letters.toUpperCase();
}

export interface PageContext {
  /** headerKey()s of top lines seen on more than one page of the batch. */
  repeatedHeaders?: Set<string>;
}

interface Measures {
  body: number;
  pitch: number;
}

function measure(lines: LayoutLine[]): Measures {
  const bodyLines = lines.filter((l) => l.text.includes(' '));
  const body = median((bodyLines.length >= 3 ? bodyLines : lines).map((l) => l.size)) || 1;
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1];
    const b = lines[i];
    if (a.size < body * TITLE_SIZE && b.size < body * TITLE_SIZE && a.size > body * SMALL_SIZE && b.size > body * SMALL_SIZE) {
      gaps.push(b.baseline - a.baseline);
    }
  }
  // Normal leading is the common small gap; stanza breaks and poem gaps are the larger ones. On a
  // page with few lines every gap may be a stanza break, so leading is capped at 1.7 em.
  const pitch = Math.min(gaps.length >= 2 ? percentile(gaps, 0.3) : body * 1.45, body * 1.7);
  return { body, pitch };
}

/** Removes running headers, footers and page numbers; returns the printed page number. */
function stripFurniture(lines: LayoutLine[], m: Measures, context: PageContext): number | undefined {
  let pageNumber: number | undefined;
  // Gaps to the nearest line on another baseline: a page number beside a header shares its row.
  const sameRow = (a: LayoutLine, b: LayoutLine) => Math.abs(a.baseline - b.baseline) < m.body * 0.5;
  const gapAfter = (i: number) => {
    const next = lines.slice(i + 1).find((l) => !sameRow(l, lines[i]));
    return next ? next.baseline - lines[i].baseline : Infinity;
  };
  const gapBefore = (i: number) => {
    const previous = lines.slice(0, i).reverse().find((l) => !sameRow(l, lines[i]));
    return previous ? lines[i].baseline - previous.baseline : Infinity;
  };

  for (let round = 0; round < 3 && lines.length > 0; round++) {
    const top = lines[0];
    if (top.size >= m.body * TITLE_SIZE) break;
    const apart = gapAfter(0) > m.pitch * 1.6;
    const alone = parsePageNumber(top.text);
    if (alone !== undefined && apart) {
      pageNumber ??= alone;
      lines.shift();
      continue;
    }
    const small = top.size < m.body * SMALL_SIZE;
    const repeated = context.repeatedHeaders?.has(headerKey(top.text)) ?? false;
    const words = top.text.split(' ');
    const edgeNumber = parsePageNumber(words[0]) ?? parsePageNumber(words[words.length - 1]);
    // Type smaller than body type is a running header; a body-size one must repeat on other
    // pages and stand apart from the text.
    const headerLike = small || (repeated && apart);
    if (edgeNumber !== undefined && words.length > 1 && (headerLike || (isUpper(top.text) && apart))) {
      pageNumber ??= edgeNumber;
      lines.shift();
      continue;
    }
    if (headerLike) {
      lines.shift();
      continue;
    }
    break;
  }

  for (let round = 0; round < 2 && lines.length > 0; round++) {
    const last = lines.length - 1;
    const bottom = lines[last];
    const apart = gapBefore(last) > m.pitch * 1.6;
    const alone = parsePageNumber(bottom.text);
    if (alone !== undefined && apart) {
      pageNumber ??= alone;
      lines.pop();
      continue;
    }
    const repeated = context.repeatedHeaders?.has(headerKey(bottom.text)) ?? false;
    if (apart && (bottom.size < m.body * SMALL_SIZE || repeated)) {
      lines.pop();
      continue;
    }
    break;
  }
  return pageNumber;
}

/** The left edge most body lines start from; a lone line further left is taken as noise. */
function textMargin(lines: LayoutLine[], em: number): number {
  const lefts = lines.map((l) => l.left).sort((a, b) => a - b);
  if (lefts.length === 0) return 0;
  const needed = Math.min(2, lefts.length);
  for (const candidate of lefts) {
    const near = lefts.filter((x) => Math.abs(x - candidate) < em * 0.5);
    if (near.length >= needed) return Math.min(...near);
  }
  return lefts[0];
}

export function indentFor(offset: number, em: number): string {
  if (offset < em * MIN_INDENT_EM) return '';
  const steps = Math.max(1, Math.round(offset / (em * INDENT_STEP_EM)));
  return ' '.repeat(steps * SPACES_PER_INDENT_STEP);
}

/** Turns one page's straightened lines into poem blocks (a title and its body lines). */
export function analyseLines(index: number, input: LayoutLine[], context: PageContext = {}): PageLayout {
  const lines = [...input].sort((a, b) => a.baseline - b.baseline);
  if (lines.length === 0) return { index, blocks: [] };
  const m = measure(lines);
  const pageNumber = stripFurniture(lines, m, context);
  const large = (l: LayoutLine) => l.size >= m.body * TITLE_SIZE;
  const margin = textMargin(
    lines.filter((l) => !large(l)),
    m.body,
  );
  const titles = new Set(lines.filter(large));
  // Titles set in body-size capitals are known by standing apart. (Centring is no clue: a title
  // is centred on the type area, which a ragged poem does not reveal.)
  lines.forEach((line, i) => {
    if (titles.has(line) || i === lines.length - 1 || line.text.split(' ').length > 8) return;
    const before = i === 0 ? Infinity : line.baseline - lines[i - 1].baseline;
    const after = lines[i + 1].baseline - line.baseline;
    if (before < m.pitch * STANZA_GAP || after < m.pitch * STANZA_GAP) return;
    if (isUpper(line.text)) titles.add(line);
  });
  const isTitle = (l: LayoutLine) => titles.has(l);

  const blocks: PoemBlock[] = [];
  let block: PoemBlock | undefined;
  let previous: LayoutLine | undefined;
  for (const line of lines) {
    if (isTitle(line)) {
      const continuesTitle = previous && isTitle(previous) && block && line.baseline - previous.baseline < line.size * 1.9;
      if (continuesTitle && block) block.title = `${block.title} ${line.text}`;
      else {
        block = { title: line.text, lines: [] };
        blocks.push(block);
      }
      previous = line;
      continue;
    }
    if (!block) {
      block = { lines: [] };
      blocks.push(block);
    }
    if (previous && !isTitle(previous) && block.lines.length > 0 && line.baseline - previous.baseline > m.pitch * STANZA_GAP) {
      block.lines.push('');
    }
    block.lines.push(indentFor(line.left - margin, m.body) + line.text);
    previous = line;
  }
  return { index, pageNumber, blocks };
}

/** Top lines (first two of each page) that recur on several pages: running headers. */
export function findRepeatedHeaders(pages: LayoutLine[][]): Set<string> {
  const counts = new Map<string, number>();
  for (const lines of pages) {
    const sorted = [...lines].sort((a, b) => a.baseline - b.baseline);
    const keys = new Set(sorted.slice(0, 2).map((l) => headerKey(l.text)).filter((k) => k.length >= 3));
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n >= 2).map(([k]) => k));
}

/** Lays out every page of a batch, using the whole batch to recognise running headers. */
export function analysePages(pages: OcrPage[]): PageLayout[] {
  const straightened = pages.map((p) => straightenLines(p));
  const repeatedHeaders = findRepeatedHeaders(straightened);
  return pages.map((p, i) => analyseLines(p.index, straightened[i], { repeatedHeaders }));
}

/**
 * Joins the pages' blocks into poems in book order: a page that begins without a title continues
 * the poem the previous page ended with; an untitled poem with nothing to continue takes its
 * first line as its title.
 */
export function assemblePoems(pages: PageLayout[]): ExtractedPoem[] {
  const poems: ExtractedPoem[] = [];
  const addPage = (poem: ExtractedPoem, page: PageLayout) => {
    if (page.pageNumber !== undefined && !poem.page_numbers.includes(page.pageNumber)) poem.page_numbers.push(page.pageNumber);
    if (!poem.source_pages.includes(page.index)) poem.source_pages.push(page.index);
  };
  for (const page of pages) {
    for (const block of page.blocks) {
      const body = trimBlankLines(block.lines);
      const current = poems[poems.length - 1];
      if (block.title === undefined && current) {
        if (body.length) current.body = current.body ? `${current.body}\n${body.join('\n')}` : body.join('\n');
        addPage(current, page);
        continue;
      }
      if (block.title === undefined && body.length === 0) continue;
      const poem: ExtractedPoem = {
        title: block.title ?? body.find((l) => l.trim() !== '')!.trim(),
        body: body.join('\n'),
        page_numbers: [],
        source_pages: [],
      };
      addPage(poem, page);
      poems.push(poem);
    }
  }
  return poems;
}

function trimBlankLines(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start].trim() === '') start++;
  while (end > start && lines[end - 1].trim() === '') end--;
  return lines.slice(start, end);
}
