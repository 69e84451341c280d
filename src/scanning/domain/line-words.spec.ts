import { describe, expect, it } from 'vitest';
import { locateWords } from './line-words.js';

describe('words read, found in the line the poem keeps', () => {
  const at = (line: string, texts: string[]) =>
    locateWords(
      line,
      texts.map((text) => ({ text })),
    ).map((w) => [w.text, w.start, w.end]);

  it('stand in order after the indentation', () => {
    expect(at('    The harp that once', ['The', 'harp', 'that', 'once'])).toEqual([
      ['The', 4, 7],
      ['harp', 8, 12],
      ['that', 13, 17],
      ['once', 18, 22],
    ]);
  });

  it('stand where they are though a repeated word comes earlier, and a word broken at a turn is found without its hyphen', () => {
    expect(at('the the fur belows', ['the', 'the', 'fur-'])).toEqual([
      ['the', 0, 3],
      ['the', 4, 7],
      ['fur-', 8, 11],
    ]);
  });

  it('leave out a word the line no longer holds', () => {
    expect(at('A line', ['A', 'ghost', 'line'])).toEqual([
      ['A', 0, 1],
      ['line', 2, 6],
    ]);
  });
});
