import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notify } from '../notify/notify';
import { ApiError, errorMessage } from './api-error';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: Error;
    /** `errorToast`: toast shown when the query fails (the server's message wins when it sent one). */
    queryMeta: { errorToast?: string };
    mutationMeta: { errorToast?: string };
  }
}

/** Retry only what may be transient: no answer, or a 5xx. A 4xx answer will not change. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (!(error instanceof ApiError)) return false;
  const transient = error.kind === 'network' || error.status >= 500;
  return transient && failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        const fallback = query.meta?.errorToast;
        if (fallback) notify.error(errorMessage(error, fallback), { toastId: query.queryHash });
      },
    }),
    mutationCache: new MutationCache({
      onError(error, _variables, _context, mutation) {
        const fallback = mutation.meta?.errorToast;
        if (fallback) notify.error(errorMessage(error, fallback));
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
