import { ADMIN_LIST_QUERY } from '../constants.js';
import { ApiError } from '../providers/api-error.js';

/** Retry only what may succeed later: never a 4xx (SPEC section 7). */
export function retryUnless4xx(maxRetries: number) {
  return (failureCount: number, error: unknown) => {
    const status = error instanceof ApiError ? error.status : undefined;
    if (status !== undefined && status >= 400 && status < 500) return false;
    return failureCount < maxRetries;
  };
}

export const adminListQueryOptions = {
  staleTime: ADMIN_LIST_QUERY.staleTime,
  gcTime: ADMIN_LIST_QUERY.gcTime,
  retry: retryUnless4xx(ADMIN_LIST_QUERY.maxRetries),
  retryDelay: ADMIN_LIST_QUERY.retryDelay,
  refetchOnWindowFocus: true,
  refetchOnMount: true,
} as const;
