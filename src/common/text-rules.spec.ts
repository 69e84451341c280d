import { describe, expect, it } from 'vitest';
import { withoutRefusedCharacters } from './text-rules.js';

describe('withoutRefusedCharacters (text read from photos)', () => {
  it('removes NUL, other controls and bidirectional overrides', () => {
    expect(withoutRefusedCharacters('The\u0000 Oven\u0007 Bird\u202E\u2066')).toBe('The Oven Bird');
  });

  it('keeps line breaks, indentation, tabs, accents and the directional marks', () => {
    const poem = 'Café\n  indented line\n\n\tafter a tab\u200F';
    expect(withoutRefusedCharacters(poem)).toBe(poem);
  });
});
