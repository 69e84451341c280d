import { CatalogError } from './catalog.errors.js';

/**
 * A new reading order must name every poem of the publication exactly once: an order built from a
 * stale list (a poem added or deleted meanwhile) is refused rather than half applied.
 */
export function assertCompleteOrder(currentIds: readonly number[], requestedIds: readonly number[]): void {
  const current = new Set(currentIds);
  const seen = new Set<number>();
  const unknown = requestedIds.filter((id) => !current.has(id));
  const repeated = requestedIds.filter((id) => seen.has(id) || !seen.add(id));
  const missing = currentIds.filter((id) => !seen.has(id));
  if (unknown.length || repeated.length || missing.length) {
    throw new CatalogError(
      'CATALOG.POEM_ORDER_MISMATCH',
      'The new order must list every poem of this publication exactly once; reload the poems and try again.',
      { unknown_poem_ids: unknown, repeated_poem_ids: [...new Set(repeated)], missing_poem_ids: missing },
    );
  }
}

/** Poems to remove must all be poems of this publication; otherwise nothing is removed. */
export function assertPoemsOfPublication(ownIds: readonly number[], requestedIds: readonly number[]): void {
  const own = new Set(ownIds);
  const foreign = [...new Set(requestedIds.filter((id) => !own.has(id)))];
  if (foreign.length) {
    throw new CatalogError(
      'CATALOG.POEMS_NOT_IN_PUBLICATION',
      `${foreign.length === 1 ? 'Poem' : 'Poems'} ${foreign.join(', ')} ${foreign.length === 1 ? 'is' : 'are'} not in this publication; nothing was removed.`,
      { poem_ids: foreign },
    );
  }
}
