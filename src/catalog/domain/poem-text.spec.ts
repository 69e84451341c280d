import { describe, expect, it } from 'vitest';
import { countLines, countWords } from './poem-text.js';

describe('poem counts', () => {
  const poem = 'The river keeps\n    its own counsel,\n\nand the stones\r\nremember rain.\n';

  it('counts lines with text, not stanza breaks', () => {
    expect(countLines(poem)).toBe(4);
    expect(countLines('')).toBe(0);
    expect(countLines('\n\n   \n')).toBe(0);
  });

  it('counts whitespace-separated words, indentation included in no word', () => {
    expect(countWords(poem)).toBe(11);
    expect(countWords('   ')).toBe(0);
    expect(countWords('one\ttwo\u00a0three')).toBe(3);
  });
});
