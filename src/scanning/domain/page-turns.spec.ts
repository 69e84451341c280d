import { describe, expect, it } from 'vitest';
import { joinAtPageTurn, PAGE_TURN, resolveTurns } from './page-turns.js';

describe('stanzas across a page turn the pages do not show', () => {
  it('breaks the stanza at the turn when the poem’s other stanzas have the length that ends there', () => {
    expect(resolveTurns(['a', 'b', '', 'c', 'd', PAGE_TURN, 'e', 'f', '', 'g', 'h'].join('\n'))).toBe('a\nb\n\nc\nd\n\ne\nf\n\ng\nh');
  });

  it('runs the stanza on across the turn otherwise', () => {
    expect(resolveTurns(['a', 'b', 'c', '', 'd', PAGE_TURN, 'e', 'f'].join('\n'))).toBe('a\nb\nc\n\nd\ne\nf');
    expect(resolveTurns(['a', 'b', PAGE_TURN, 'c', 'd'].join('\n'))).toBe('a\nb\nc\nd');
  });

  it('joins a poem with its continuation from the next page, with a break when the page showed one', () => {
    expect(joinAtPageTurn('a\nb\n\nc\nd', 'e\nf')).toBe('a\nb\n\nc\nd\n\ne\nf');
    expect(joinAtPageTurn('a\nb\nc', 'd')).toBe('a\nb\nc\nd');
    expect(joinAtPageTurn('a\nb\nc', 'd', true)).toBe('a\nb\nc\n\nd');
    expect(joinAtPageTurn('', 'd')).toBe('d');
  });
});
