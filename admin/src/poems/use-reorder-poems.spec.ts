import { describe, expect, it } from 'vitest';
import type { Poem } from '../../../contracts/catalog.js';
import { moved, reordered } from './use-reorder-poems.js';

const poem = (id: number, position: number) => ({ id, position, title: `P${id}` }) as Poem;

describe('moving a poem in the reading order', () => {
  it('swaps it with its neighbour above or below', () => {
    expect(moved([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
  });

  it('leaves the order alone at either end', () => {
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('lists the poems in the new order with positions from 1, as the screen shows them before the server answers', () => {
    expect(reordered([poem(1, 1), poem(2, 2), poem(3, 3)], [3, 1, 2]).map((p) => [p.id, p.position])).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
    ]);
  });
});
