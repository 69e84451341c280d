import { describe, expect, it } from 'vitest';
import { CatalogError } from './catalog.errors.js';
import { assertCompleteOrder, assertPoemsOfPublication } from './poem-order.js';

function failure(run: () => void): CatalogError {
  try {
    run();
  } catch (err) {
    return err as CatalogError;
  }
  throw new Error('expected a CatalogError');
}

describe('a new reading order', () => {
  it('is accepted when it names every poem once, in any order', () => {
    expect(() => assertCompleteOrder([4, 5, 6], [6, 4, 5])).not.toThrow();
    expect(() => assertCompleteOrder([], [])).not.toThrow();
  });

  it('is refused naming what is unknown, repeated or missing', () => {
    const err = failure(() => assertCompleteOrder([4, 5, 6], [4, 4, 9]));
    expect(err.code).toBe('CATALOG.POEM_ORDER_MISMATCH');
    expect(err.details).toEqual({ unknown_poem_ids: [9], repeated_poem_ids: [4], missing_poem_ids: [5, 6] });
  });
});

describe('poems to remove', () => {
  it('must all belong to the publication', () => {
    expect(() => assertPoemsOfPublication([1, 2, 3], [3, 1])).not.toThrow();
    const err = failure(() => assertPoemsOfPublication([1, 2, 3], [2, 7, 7, 8]));
    expect(err.code).toBe('CATALOG.POEMS_NOT_IN_PUBLICATION');
    expect(err.details).toEqual({ poem_ids: [7, 8] });
    expect(err.message).toBe('Poems 7, 8 are not in this publication; nothing was removed.');
  });
});
