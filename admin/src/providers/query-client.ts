import { QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '../constants.js';
import { ApiError } from './api-error.js';

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
        retry: (failureCount, error) => {
          const status = error instanceof ApiError ? error.status : undefined;
          if (status !== undefined && status >= 400 && status < 500) return false;
          return failureCount < QUERY_DEFAULTS.retry;
        },
      },
      mutations: { retry: false },
    },
  });
}
