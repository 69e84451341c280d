import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../contracts/errors.js';
import { ADMIN_LIST_QUERY, QUERY_DEFAULTS } from '../constants.js';

/** Retry only what may succeed later: never a 4xx (SPEC section 7). */
export function retryUnless4xx(maxRetries: number) {
  return (failureCount: number, error: unknown) => {
    const status = error instanceof ApiError ? error.status : undefined;
    if (status !== undefined && status >= 400 && status < 500) return false;
    return failureCount < maxRetries;
  };
}

/** The admin lists: fresh 15 s, cached 5 minutes, up to 2 retries 1 s apart (SPEC section 9). */
export const adminListQueryOptions = {
  staleTime: ADMIN_LIST_QUERY.staleTime,
  gcTime: ADMIN_LIST_QUERY.gcTime,
  retry: retryUnless4xx(ADMIN_LIST_QUERY.maxRetries),
  retryDelay: ADMIN_LIST_QUERY.retryDelay,
  refetchOnWindowFocus: true,
  refetchOnMount: true,
} as const;

/** SPEC section 9 defaults: fresh 30 s, cached 10 min, refetch on focus and mount, one retry after 1 s, none on 4xx. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_DEFAULTS.staleTime,
        gcTime: QUERY_DEFAULTS.gcTime,
        refetchOnWindowFocus: true,
        refetchOnMount: true,
        refetchInterval: false,
        retryDelay: QUERY_DEFAULTS.retryDelay,
        retry: retryUnless4xx(QUERY_DEFAULTS.retry),
      },
      mutations: { retry: false },
    },
  });
}
