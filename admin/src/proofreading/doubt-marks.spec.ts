import { describe, expect, it } from 'vitest';
import type { ProofreadingLine } from '../../../contracts/catalog.js';
import { lineAtOffset, lineAtPoint, lineStart, markAt, nextMark, readingOf } from './doubt-marks.js';

const line = (n: number, text: string, doubts: Array<[string, number]> = [], y = n * 40): ProofreadingLine => ({
  line: n,
  text,
  page: 3,
  scan_page_id: 7,
  box: { x: 100, y, width: 400, height: 30 },
  doubts: doubts.map(([word, confidence]) => {
    const start = text.indexOf(word);
    return { start, end: start + word.length, confidence, reasons: ['low_confidence'] };
  }),
});

const SAVED = [
  line(0, 'On! the lovliest light', [
    ['On!', 0.4],
    ['lovliest', 0.6],
  ]),
  line(2, '  it burned', [['burned', 0.5]]),
];
const BODY = 'On! the lovliest light\n\n  it burned';

describe('doubtful words in the text being edited', () => {
  it('are placed in the whole text from their lines as saved', () => {
    const { marks, places } = readingOf(BODY, SAVED);
    expect(marks.map((m) => BODY.slice(m.start, m.end))).toEqual(['On!', 'lovliest', 'burned']);
    expect(marks.map((m) => [m.line, m.savedLine, m.column])).toEqual([
      [0, 0, 0],
      [0, 0, 8],
      [2, 2, 5],
    ]);
    expect(places.map((p) => p?.savedLine ?? null)).toEqual([0, null, 2]);
  });

  it("follow a line that moved, and go with a line's change, as the server drops them once saved", () => {
    const moved = 'A stanza typed in\n\nOn! the lovliest light\n\n  it burnt';
    const { marks, places } = readingOf(moved, SAVED);
    expect(marks.map((m) => moved.slice(m.start, m.end))).toEqual(['On!', 'lovliest']);
    expect(marks.map((m) => m.savedLine)).toEqual([0, 0]);
    expect(places.map((p) => p?.savedLine ?? null)).toEqual([null, null, 0, null, null]);
  });

  it('are walked forwards and back, round the ends, from the selection', () => {
    const { marks } = readingOf(BODY, SAVED);
    const word = (m?: { start: number; end: number }) => m && BODY.slice(m.start, m.end);
    expect(word(nextMark(marks, { start: 0, end: 0 }, 1))).toBe('lovliest');
    expect(word(nextMark(marks, { start: 8, end: 16 }, 1))).toBe('burned');
    expect(word(nextMark(marks, { start: 29, end: 35 }, 1))).toBe('On!');
    expect(word(nextMark(marks, { start: 8, end: 16 }, -1))).toBe('On!');
    expect(word(nextMark(marks, { start: 0, end: 3 }, -1))).toBe('burned');
    expect(nextMark([], { start: 0, end: 0 }, 1)).toBeUndefined();
    expect(word(markAt(marks, 10))).toBe('lovliest');
    expect(markAt(marks, 18)).toBeUndefined();
  });

  it('tell lines by offset, and where a line starts past its indentation', () => {
    expect([0, 22, 23, 24, 30].map((at) => lineAtOffset(BODY, at))).toEqual([0, 0, 1, 2, 2]);
    expect(lineStart(BODY, 2)).toBe(BODY.indexOf('it'));
  });
});

describe('a point on the photo', () => {
  const places = [line(0, 'one'), line(1, 'two'), { ...line(2, 'three'), scan_page_id: 8 }].map((l) => ({
    savedLine: l.line,
    photo: l.scan_page_id,
    box: l.box,
  }));

  it('is the line whose box holds it, or the nearest within a line height, on that photo only', () => {
    expect(lineAtPoint(places, 7, 200, 45)).toBe(1);
    expect(lineAtPoint(places, 7, 200, 35)).toBe(0);
    expect(lineAtPoint(places, 7, 90, 10)).toBe(0);
    expect(lineAtPoint(places, 7, 200, 200)).toBeUndefined();
    expect(lineAtPoint(places, 8, 200, 85)).toBe(2);
    expect(lineAtPoint(places, 9, 200, 45)).toBeUndefined();
  });
});
