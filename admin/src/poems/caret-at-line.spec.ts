import { describe, expect, it } from 'vitest';
import { lineRange } from './caret-at-line.js';

describe('the line a report opens the editor at', () => {
  const body = 'The tide comes in\n  and On! the gulls\n\nThe tide goes out';

  it('is found by its number, stanza breaks counted, indentation kept', () => {
    expect(lineRange(body, 1)).toEqual({ start: 0, end: 17 });
    expect(body.slice(lineRange(body, 2)!.start, lineRange(body, 2)!.end)).toBe('  and On! the gulls');
    expect(lineRange(body, 3)).toEqual({ start: 38, end: 38 });
    expect(body.slice(lineRange(body, 4)!.start)).toBe('The tide goes out');
  });

  it('is none past the end (the poem was shortened since)', () => {
    expect(lineRange(body, 5)).toBeNull();
    expect(lineRange(body, 0)).toBeNull();
  });
});
