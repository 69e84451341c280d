import { describe, expect, it } from 'vitest';
import { assemblePoems, type PageLayout } from './assemble-poems.js';

const page = (index: number, pageNumber: number | undefined, blocks: PageLayout['blocks'], flags: Partial<PageLayout> = {}): PageLayout => ({ index, pageNumber, blocks, ...flags });

describe('the one assembler: per-page readings into poems', () => {
  it('runs a poem on over a page that begins mid-poem, with both page numbers, and starts the next at its title', () => {
    const poems = assemblePoems([
      page(0, 12, [{ title: 'Winter', lines: ['The first line,', 'the second line;'] }]),
      page(1, 13, [{ lines: ['the third line,', 'the fourth.'] }, { title: 'Spring', lines: ['A new poem.'] }]),
    ]);
    expect(poems.map((p) => [p.title, p.body, p.page_numbers, p.source_pages])).toEqual([
      ['Winter', 'The first line,\nthe second line;\nthe third line,\nthe fourth.', [12, 13], [0, 1]],
      ['Spring', 'A new poem.', [13], [1]],
    ]);
  });

  it('ends a stanza at the turn when the page ended short; otherwise the poem’s own stanzas decide', () => {
    const quatrain = (n: number) => [`${n}a`, `${n}b`, `${n}c`, `${n}d`];
    const short = assemblePoems([page(0, 1, [{ title: 'Short', lines: ['a', 'b'] }], { endsShort: true }), page(1, 2, [{ lines: ['c', 'd'] }])]);
    expect(short[0].body).toBe('a\nb\n\nc\nd');
    // Full page: quatrains throughout, and the turn falls after four lines, so it is a stanza break.
    const full = assemblePoems([page(0, 1, [{ title: 'Full', lines: [...quatrain(1), '', ...quatrain(2)] }]), page(1, 2, [{ lines: [...quatrain(3), '', ...quatrain(4)] }])]);
    expect(full[0].body).toBe([...quatrain(1), '', ...quatrain(2), '', ...quatrain(3), '', ...quatrain(4)].join('\n'));
  });

  it('titles an untitled poem with nothing to continue by its first line and marks it as continuing a poem from before', () => {
    expect(assemblePoems([page(4, undefined, [{ lines: ['', 'and so it ends.', ''] }], { startsLow: true })])).toEqual([
      { title: 'and so it ends.', body: 'and so it ends.', page_numbers: [], source_pages: [4], continues: { stanzaBreak: true } },
    ]);
  });
});
