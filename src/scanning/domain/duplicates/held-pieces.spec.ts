import { describe, expect, it } from 'vitest';
import { HeldPieces } from './held-pieces.js';

const RIVER = {
  id: 1,
  body: [
    'The river keeps the names we gave',
    'to every stone along its bed,',
    '',
    'and carries down from wave to wave',
    'the little that the dead have said.',
    '',
    'It does not stop to hear us call,',
    'it does not answer, does not wait;',
    'it takes the summer, takes the fall,',
    'and leaves the evening at the gate.',
  ].join('\n'),
};
const LAMP = { id: 2, body: 'A lamp is lit in every room\nand no one home to see it burn.' };

describe('pieces of poems already held', () => {
  const held = new HeldPieces([LAMP, RIVER]);

  it('finds the lines a middle page held, inside the poem, across its stanza breaks', () => {
    expect(
      held.holding('and carries down from wave to wave\nthe little that the dead have said.\n\nIt does not stop to hear us call,')?.poem,
    ).toBe(RIVER);
  });

  it('finds a beginning read again in another light (a letter or a mark differs)', () => {
    const piece = held.holding('The river keeps the narnes we gave\nto every stone along its bed');
    expect(piece?.poem).toBe(RIVER);
    expect(piece!.similarity).toBeLessThan(1);
  });

  it('takes no single line, nor lines the poem holds in another order or not at all', () => {
    expect(held.holding('to every stone along its bed,')).toBeUndefined();
    expect(held.holding('the little that the dead have said.\nThe river keeps the names we gave')).toBeUndefined();
    expect(held.holding('The river keeps the names we gave\nand nothing else of what we said')).toBeUndefined();
  });
});
