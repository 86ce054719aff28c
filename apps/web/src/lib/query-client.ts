import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/api-error';
import { showError } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
  }
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A server answer below 500 will not change by asking again; network trouble might.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silent) return;
        showError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** After login or logout nothing of the previous session may stay on screen; public config may. */
export function clearSessionData(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== 'common' });
}
