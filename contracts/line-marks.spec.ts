import { describe, expect, it } from 'vitest';
import { formatMark, lineAt, markNext, markRange, nudgeMark, parseMark, placeMark } from './line-marks.js';

describe('the line being read', () => {
  const marks = [0.5, 2, 3.25];

  it('is the last line whose mark has come, none before the first', () => {
    expect([0, 0.48, 0.5, 1.9, 2, 3.2, 3.25, 60].map((t) => lineAt(marks, t))).toEqual([-1, -1, 0, 0, 1, 1, 2, 2]);
    expect(lineAt([], 5)).toBe(-1);
  });

  it('is the line sought to, though the player lands a hair before its mark', () => {
    expect(lineAt(marks, 1.995)).toBe(1);
    expect(lineAt(marks, 1.98)).toBe(0);
  });
});

describe('marking lines as they begin', () => {
  it('marks the next line at each press, to the millisecond, no more marks than lines', () => {
    let marks: number[] = [];
    for (const t of [0.4, 1.23456, 2.5]) marks = markNext(marks, t, 3);
    expect(marks).toEqual([0.4, 1.235, 2.5]);
    expect(markNext(marks, 3, 3)).toEqual(marks);
  });

  it('marks again from an earlier time, leaving the lines after it unmarked', () => {
    expect(markNext([0.4, 1.2, 2.5, 4], 1.1, 5)).toEqual([0.4, 1.1]);
    // A press twice at one moment (paused) marks that line again, not the next at the same time.
    expect(markNext([0.4, 1.2], 1.2, 5)).toEqual([0.4, 1.2]);
    expect(markNext([0.4, 1.2, 2.5], 0.1, 3)).toEqual([0.1]);
  });
});

describe('adjusting a mark', () => {
  const marks = [1, 2, 3];

  it('nudges by a tenth of a second within its neighbours and the recording', () => {
    expect(nudgeMark(marks, 1, 0.1, 10)).toEqual([1, 2.1, 3]);
    expect(nudgeMark(marks, 1, -0.1, 10)).toEqual([1, 1.9, 3]);
    expect(nudgeMark([1, 1.05, 3], 1, -0.1, 10)).toEqual([1, 1, 3]);
    expect(nudgeMark(marks, 0, -5, 10)).toEqual([0, 2, 3]);
    expect(nudgeMark(marks, 2, 0.1, 3.05)).toEqual([1, 2, 3.05]);
    expect(nudgeMark(marks, 5, 0.1, 10)).toEqual(marks);
  });

  it('places a typed time or the moment playing when it keeps the order, the next line included', () => {
    expect(placeMark(marks, 1, 2.5, 10)).toEqual([1, 2.5, 3]);
    expect(placeMark(marks, 3, 4.2, 10)).toEqual([1, 2, 3, 4.2]);
    expect(placeMark(marks, 1, 3.5, 10)).toBeUndefined();
    expect(placeMark(marks, 1, 0.5, 10)).toBeUndefined();
    expect(placeMark(marks, 3, 11, 10)).toBeUndefined();
    // Lines are marked in order: not one past the next.
    expect(placeMark(marks, 4, 5, 10)).toBeUndefined();
    expect(markRange(marks, 1, 10)).toEqual({ min: 1, max: 3 });
    expect(markRange(marks, 0, 10)).toEqual({ min: 0, max: 2 });
    expect(markRange(marks, 3, 10)).toEqual({ min: 3, max: 10 });
  });
});

describe('a mark as text', () => {
  it('reads minutes, seconds and tenths', () => {
    expect([0, 7.44, 7.46, 59.96, 62.5, 723].map(formatMark)).toEqual(['0:00.0', '0:07.4', '0:07.5', '1:00.0', '1:02.5', '12:03.0']);
  });

  it('takes a typed time with or without minutes, a decimal point or comma', () => {
    expect(['0:07.4', '7.4', '7,4', ' 1:02 ', '62.5', '0:00'].map(parseMark)).toEqual([7.4, 7.4, 7.4, 62, 62.5, 0]);
    for (const text of ['', 'soon', '1:75', '-3', '1:2:3']) expect(parseMark(text)).toBeUndefined();
  });
});
