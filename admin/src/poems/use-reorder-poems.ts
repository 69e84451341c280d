import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, type GetManyReferenceResult, type Identifier } from 'react-admin';
import type { Poem } from '../../../contracts/catalog.js';
import { serverText } from '../../../contracts/errors.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';

/** The poems listed in `ids` order, positions renumbered from 1. */
export function reordered(poems: Poem[], ids: number[]): Poem[] {
  const byId = new Map(poems.map((p) => [p.id, p]));
  return ids.flatMap((id, i) => {
    const poem = byId.get(id);
    return poem ? [{ ...poem, position: i + 1 }] : [];
  });
}

/** The order with the poem at `index` swapped with its neighbour above (-1) or below (+1). */
export function moved(ids: number[], index: number, by: -1 | 1): number[] {
  const target = index + by;
  if (target < 0 || target >= ids.length) return ids;
  const next = [...ids];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/**
 * Saves a new reading order at once, showing it before the server answers (the opposite arrow is
 * its undo); on failure the old order comes back with the reason. Not react-admin's undoable
 * mode: a delayed write would let quick successive moves reach the server out of order.
 */
export function useReorderPoems(publicationId: Identifier) {
  const queryClient = useQueryClient();
  const dp = useDataProvider<ArchiveDataProvider>();
  const notify = useNotify();
  const lists = { queryKey: ['poems', 'getManyReference'] };
  const ofThisBook = (data: GetManyReferenceResult<Poem> | undefined) =>
    !!data && data.data.every((p) => p.publication_id === Number(publicationId));

  return useMutation({
    mutationFn: (ids: number[]) => dp.reorderPoems(publicationId, ids),
    onMutate: async (ids: number[]) => {
      await queryClient.cancelQueries(lists);
      const snapshot = queryClient.getQueriesData<GetManyReferenceResult<Poem>>(lists);
      queryClient.setQueriesData<GetManyReferenceResult<Poem>>(lists, (old) =>
        old && ofThisBook(old) ? { ...old, data: reordered(old.data, ids) } : old,
      );
      return { snapshot };
    },
    onError: (err, _ids, context) => {
      context?.snapshot.forEach(([key, value]) => queryClient.setQueryData(key, value));
      notify(serverText(err) ?? 'archive.notify.order_failed', { type: 'error' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['poems'] }),
  });
}
