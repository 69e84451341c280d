import { describe, expect, it } from 'vitest';
import { byteRange, checkLineMarks, checkRecordingOrder, recordingDetails, recordingKey } from './recording.js';

describe("a recording's details", () => {
  it('trims its texts, reads an empty reader as the poet, and keeps what is not given', () => {
    expect(recordingDetails({ reader: '  Ruth Ash ', recorded: ' 1992 ', source: 'a cassette' })).toEqual({
      reader: 'Ruth Ash',
      recorded: '1992',
      source: 'a cassette',
      notes: '',
    });
    const current = { reader: 'Ruth Ash', recorded: '1992', source: 'radio', notes: 'kept' };
    expect(recordingDetails({ reader: '' }, current)).toEqual({ ...current, reader: null });
    expect(recordingDetails({ reader: null, notes: 'new' }, current)).toEqual({ ...current, reader: null, notes: 'new' });
    expect(recordingDetails({}, current)).toEqual(current);
  });

  it('refuses a field that is not text or is too long, saying which', () => {
    expect(() => recordingDetails({ source: 3 })).toThrow('source must be text.');
    expect(() => recordingDetails({ reader: 'x'.repeat(201) })).toThrow('reader may be at most 200 characters.');
  });
});

describe('line marks', () => {
  it('takes one time a line at most, within the recording, in reading order', () => {
    expect(checkLineMarks([0, 1.23456, 1.23456, 4], 4, 5)).toEqual([0, 1.235, 1.235, 4]);
    expect(checkLineMarks([], 4, 0)).toEqual([]);
  });

  it('refuses more marks than lines, a time outside the recording, and a line marked before the one above it', () => {
    expect(() => checkLineMarks([0, 1, 2], 4, 2)).toThrow('The poem has 2 lines; 3 marks were given.');
    expect(() => checkLineMarks([0, 5], 4, 2)).toThrow('The mark of line 2 must be a time within the recording');
    expect(() => checkLineMarks([-1], 4, 2)).toThrow('The mark of line 1');
    expect(() => checkLineMarks([2, 1], 4, 2)).toThrow('Line 2 is marked before line 1');
    expect(() => checkLineMarks('0,1', 4, 2)).toThrow('line_marks must be a list');
  });
});

describe("a poem's order of recordings", () => {
  it('takes each of them once, in any order', () => {
    expect(checkRecordingOrder([3, 5, 9], [9, 3, 5])).toEqual([9, 3, 5]);
  });

  it('refuses a missing, repeated or foreign id', () => {
    for (const wanted of [[3, 5], [3, 3, 5], [3, 5, 10], 'nope']) {
      expect(() => checkRecordingOrder([3, 5, 9], wanted)).toThrow("each of the poem's recordings once");
    }
  });
});

describe('the bytes a Range header asks', () => {
  it('reads one range from, to, or from the end, clipped to the file', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-10', 1000)).toEqual({ start: 990, end: 999 });
    expect(byteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('answers the whole file for no range or several, and unsatisfiable past the end', () => {
    expect(byteRange(undefined, 1000)).toBeUndefined();
    expect(byteRange('bytes=0-1,5-6', 1000)).toBeUndefined();
    expect(byteRange('items=0-1', 1000)).toBeUndefined();
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=5-2', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
});

it("keeps a recording's file under its book and poem", () => {
  expect(recordingKey(7, 42, '0f3a', 'ogg')).toBe('recordings/7/42/0f3a.ogg');
});
