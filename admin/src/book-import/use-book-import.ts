import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useDataProvider } from 'react-admin';
import type { BookImport, BookImportState } from '../../../contracts/book-import.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';
import { useRefreshCatalog } from '../publications/use-publication-actions.js';

/** How often a running import is asked how far it has come. */
export const BOOK_IMPORT_POLL_MS = 1500;

const RUNNING: readonly BookImportState[] = ['reading', 'assembling'];

export const isRunning = (state: BookImportState | undefined) => state !== undefined && RUNNING.includes(state);

/** The query key of a publication's latest import: under 'publications', so a catalog refresh asks again. */
export const bookImportKey = (publicationId: number) => ['publications', 'book_import', String(publicationId)];

/**
 * The publication's latest whole-book import (null: none), asked again while the server reads it;
 * once it finishes the catalog is refreshed, so the poems it added show in the list.
 */
export function useBookImport(publicationId: number) {
  const dp = useDataProvider<ArchiveDataProvider>();
  const refresh = useRefreshCatalog();
  const query = useQuery<BookImport | null>({
    queryKey: bookImportKey(publicationId),
    queryFn: ({ signal }) => dp.getPublicationBookImport(publicationId, signal),
    refetchInterval: (q) => (isRunning(q.state.data?.state) ? BOOK_IMPORT_POLL_MS : false),
  });
  const state = query.data?.state;
  const wasRunning = useRef(false);
  useEffect(() => {
    if (isRunning(state)) wasRunning.current = true;
    else if (state && wasRunning.current) {
      wasRunning.current = false;
      void refresh();
    }
  }, [state, refresh]);
  return query;
}
