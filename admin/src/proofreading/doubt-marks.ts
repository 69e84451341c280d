import type { DoubtReason, PhotoBox, ProofreadingLine } from '../../../contracts/catalog.js';

/** A doubtful word as it stands in the text being edited. */
export interface DoubtMark {
  /** Character offsets in the whole text (end exclusive). */
  start: number;
  end: number;
  word: string;
  /** Its line in the text being edited (0-based, stanza breaks counted). */
  line: number;
  /** Its line as the server knows it (ProofreadingLine.line), which "Looks right" names. */
  savedLine: number;
  /** Its offsets in that line. */
  column: number;
  confidence: number;
  reasons: DoubtReason[];
}

/** Where a line of the text being edited was read from, when its reading is known. */
export interface LinePlace {
  savedLine: number;
  photo: number | null;
  box: PhotoBox | null;
}

export interface TextReading {
  marks: DoubtMark[];
  /** One entry per line of the text being edited. */
  places: Array<LinePlace | null>;
}

/**
 * Ties what the scan read (the lines as last saved) to the text as the curator is typing it: a line
 * still as saved keeps its page place and its marks; a changed or new line has none, as the server
 * keeps them once saved. Lines that moved (a stanza typed in above) are found by their text, in
 * order, so the marks follow them.
 */
export function readingOf(body: string, saved: ProofreadingLine[]): TextReading {
  const lines = body.split('\n');
  const places: Array<LinePlace | null> = lines.map(() => null);
  const marks: DoubtMark[] = [];
  let from = 0;
  let offset = 0;
  const starts = lines.map((text) => {
    const at = offset;
    offset += text.length + 1;
    return at;
  });
  for (const read of saved) {
    if (read.text.trim() === '') continue;
    // Same place first, then the next line with the same text after the last one matched.
    const here = lines[read.line] === read.text && read.line >= from ? read.line : lines.indexOf(read.text, from);
    if (here < 0) continue;
    from = here + 1;
    places[here] = { savedLine: read.line, photo: read.scan_page_id, box: read.box };
    for (const d of read.doubts) {
      marks.push({
        start: starts[here]! + d.start,
        end: starts[here]! + d.end,
        word: read.text.slice(d.start, d.end),
        line: here,
        savedLine: read.line,
        column: d.start,
        confidence: d.confidence,
        reasons: d.reasons,
      });
    }
  }
  return { marks, places };
}

/** The line (0-based) the caret at `offset` stands on. */
export function lineAtOffset(body: string, offset: number): number {
  let line = 0;
  for (let i = body.indexOf('\n'); i >= 0 && i < offset; i = body.indexOf('\n', i + 1)) line += 1;
  return line;
}

/** Where line `line` (0-based) begins in the text, its indentation skipped. */
export function lineStart(body: string, line: number): number {
  const lines = body.split('\n');
  const at = lines.slice(0, line).reduce((sum, text) => sum + text.length + 1, 0);
  return at + (lines[line]?.match(/^\s*/)?.[0].length ?? 0);
}

/** The mark the caret is in (or at either edge of), if any. */
export function markAt(marks: DoubtMark[], caret: number): DoubtMark | undefined {
  return marks.find((m) => m.start <= caret && caret <= m.end);
}

/**
 * The next doubtful word after the selection (or the previous one before it), round the end of the
 * text as "next misspelling" goes round in a word processor.
 */
export function nextMark(marks: DoubtMark[], selection: { start: number; end: number }, direction: 1 | -1): DoubtMark | undefined {
  if (marks.length === 0) return undefined;
  if (direction === 1) return marks.find((m) => m.start >= selection.end && m.start !== selection.start) ?? marks[0];
  return [...marks].reverse().find((m) => m.end <= selection.start && m.start !== selection.start) ?? marks[marks.length - 1];
}

/**
 * The line whose place on a photo holds a point (in the photo's pixels as turned), or the nearest
 * one above or below it within a line's height: a click between two lines of type belongs to one.
 */
export function lineAtPoint(
  places: Array<{ savedLine: number; photo: number | null; box: PhotoBox | null }>,
  photo: number,
  x: number,
  y: number,
) {
  let best: { savedLine: number; distance: number } | undefined;
  for (const p of places) {
    if (p.photo !== photo || !p.box) continue;
    const { box } = p;
    const dx = x < box.x ? box.x - x : x > box.x + box.width ? x - box.x - box.width : 0;
    const dy = y < box.y ? box.y - y : y > box.y + box.height ? y - box.y - box.height : 0;
    if (dx > box.height || dy > box.height) continue;
    const distance = dx + dy;
    if (!best || distance < best.distance) best = { savedLine: p.savedLine, distance };
  }
  return best?.savedLine;
}
