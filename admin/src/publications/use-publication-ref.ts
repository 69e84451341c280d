import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useGetOne } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { Publication } from '../../../contracts/catalog.js';

/**
 * The numeric id of the publication in the URL, which may name it by slug (SPEC section 2).
 * react-admin's Show and Edit need the record's own id, so a slug is looked up first and the
 * answer kept under the id, sparing the views a second request.
 */
export function usePublicationIdFromRoute(): { ref: string; id?: number; error: unknown } {
  const { id: ref = '' } = useParams();
  const numeric = /^\d{1,9}$/.test(ref) ? Number(ref) : undefined;
  const queryClient = useQueryClient();
  const { data, error } = useGetOne<Publication>(
    'publications',
    { id: ref as unknown as number },
    { enabled: numeric === undefined, retry: false },
  );
  const [resolved, setResolved] = useState<number>();
  useEffect(() => {
    if (!data) return;
    // Only into an empty cache: a fresher copy there (an edit shown before it is sent) stays.
    const key = ['publications', 'getOne', { id: String(data.id) }];
    if (queryClient.getQueryData(key) === undefined) queryClient.setQueryData(key, data);
    setResolved(data.id);
  }, [data, queryClient]);
  return { ref, id: numeric ?? resolved, error: numeric === undefined ? error : null };
}
