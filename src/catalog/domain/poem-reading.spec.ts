import { describe, expect, it } from 'vitest';
import { alignReading, doubtsOf, editLine, isAligned, isPoemReading, markLooksRight, type ReadLine } from './poem-reading.js';

/** A line read with every word sure, but those named with their confidence. */
function read(text: string, page: number, confidences: Record<string, number> = {}, unknown: string[] = []): ReadLine {
  const words = [...text.matchAll(/\S+/g)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    confidence: confidences[m[0]] ?? 0.95,
    ...(unknown.includes(m[0]) ? { unknown: true } : {}),
  }));
  return { text, page, photo: 7, box: { x: 10, y: 20 * page, width: 300, height: 18 }, words };
}

const wordsOf = (line: ReadLine | null) => line?.words.map((w) => line.text.slice(w.start, w.end));
const doubtful = (line: ReadLine | null) => (line ? doubtsOf(line).map((d) => line.text.slice(d.start, d.end)) : []);

describe('doubtful words', () => {
  it('are words read with low confidence or missing from the word list, with why', () => {
    const line = read('On! the lovely lass', 1, { 'On!': 0.41 }, ['lass']);
    expect(doubtsOf(line)).toEqual([
      { start: 0, end: 3, confidence: 0.41, reasons: ['low_confidence'] },
      { start: 15, end: 19, confidence: 0.95, reasons: ['unknown_word'] },
    ]);
  });

  it('loses a mark a curator found right, the text unchanged', () => {
    const reading = [read('On! the lovely lass', 1, { 'On!': 0.41 })];
    const cleared = markLooksRight(reading, 0, 0, 3)!;
    expect(doubtful(cleared[0])).toEqual([]);
    expect(cleared[0]!.text).toBe('On! the lovely lass');
    expect(markLooksRight(reading, 0, 1, 3)).toBeUndefined();
    expect(markLooksRight(reading, 3, 0, 3)).toBeUndefined();
  });
});

describe('a reading aligned through edits', () => {
  const lines = [read('The harp that once', 1, { once: 0.3 }), null, read('  Now hangs as mute', 2, { mute: 0.2, Now: 0.4 })];
  const body = 'The harp that once\n\n  Now hangs as mute';

  it('is kept whole when the body is unchanged', () => {
    expect(alignReading(lines, body)).toEqual(lines);
    expect(isAligned(lines, body)).toBe(true);
  });

  it('keeps an edited line its box, and drops only the marks of the words that changed', () => {
    const aligned = alignReading(lines, 'The harp that once\n\n  Now hangs as mote upon');
    expect(aligned[2]!.box).toEqual(lines[2]!.box);
    expect(aligned[2]!.text).toBe('  Now hangs as mote upon');
    expect(doubtful(aligned[2])).toEqual(['Now']);
    expect(wordsOf(aligned[2])).toEqual(['Now', 'hangs', 'as']);
  });

  it('moves a line that stayed to where it now stands, and gives a line typed in nothing', () => {
    const aligned = alignReading(lines, 'A line typed in here\nThe harp that once\n\n\n  Now hangs as mute');
    expect(aligned[0]).toBeNull();
    expect(aligned[1]).toEqual(lines[0]);
    expect(aligned[4]).toEqual(lines[2]);
    expect(aligned.length).toBe(5);
  });

  it('drops a line that was deleted, and a line rewritten beyond likeness is a line typed in', () => {
    const aligned = alignReading(lines, 'Something else entirely, new\n\n  Now hangs as mute');
    expect(aligned[0]).toBeNull();
    expect(aligned[2]).toEqual(lines[2]);
  });

  it('moves marks with their words when indentation or a word before them changes', () => {
    const line = editLine(lines[2]!, '    Now hangs so mute');
    expect(wordsOf(line)).toEqual(['Now', 'hangs', 'mute']);
    expect(doubtful(line)).toEqual(['Now', 'mute']);
  });

  it('is aligned again after lines were read in another order (a scan joined across a page turn)', () => {
    const aligned = alignReading([read('first line', 1), read('second line', 2)], 'first line\n\nsecond line');
    expect(aligned.map((l) => l?.page ?? null)).toEqual([1, null, 2]);
  });
});

describe('a reading as a backup holds it', () => {
  it('is taken only aligned with its body, with offsets inside their lines and confidences from 0 to 1', () => {
    const body = 'The harp\n\nNow hangs';
    const reading = alignReading([read('The harp', 1), read('Now hangs', 2)], body);
    expect(isPoemReading(reading, body)).toBe(true);
    expect(isPoemReading(reading, 'The harp\nNow hangs')).toBe(false);
    expect(isPoemReading([{ ...reading[0]!, words: [{ start: 4, end: 40, confidence: 0.9 }] }, null, reading[2]], body)).toBe(false);
    expect(isPoemReading([{ ...reading[0]!, words: [{ start: 0, end: 3, confidence: 95 }] }, null, reading[2]], body)).toBe(false);
    expect(isPoemReading('<script>', body)).toBe(false);
  });
});
