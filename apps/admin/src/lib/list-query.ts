import type { Page } from '@app/contract/common';
import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';
import { apiClient } from './api-client';
import type { Paging } from './list-params';

type ListQuery = Paging & Record<string, string | number | undefined>;

/**
 * One page of a server list at `path`, asked with the screen's filters and page; the page shown
 * stays on screen while the next one loads. The key is `[...queryKey, params]`.
 */
export function pageQueryOptions<T>(queryKey: QueryKey, path: string, params: ListQuery) {
  return queryOptions<Page<T>, Error, Page<T>, QueryKey>({
    queryKey: [...queryKey, params],
    queryFn: ({ signal }) => apiClient.get<Page<T>>(path, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A short list the server answers whole (banks, products), under `queryKey`. */
export function wholeListQueryOptions<T>(queryKey: QueryKey, path: string) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => apiClient.get<T[]>(path, { signal }) });
}
