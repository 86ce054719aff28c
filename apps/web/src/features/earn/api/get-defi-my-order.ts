import type { FlexibleMyOrder } from '@app/contract/flexible-earn';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

/** Everything of flexible earn lives under this key: a subscription or redemption refreshes it all. */
export const DEFI_QUERY_KEY = ['defi'] as const;
const HISTORY_PAGE_SIZE = 20;

export function getDefiMyOrder(body: { page: number; pageSize: number }, signal?: AbortSignal) {
  return apiPost<FlexibleMyOrder>('/Defi/myOrder', body, { signal });
}

/** The totals (held, profits, rate): the first page of one row is enough. */
export function defiSummaryQueryOptions() {
  return queryOptions({
    queryKey: [...DEFI_QUERY_KEY, 'summary'],
    queryFn: ({ signal }) => getDefiMyOrder({ page: 1, pageSize: 1 }, signal),
  });
}

export function useDefiSummary() {
  return useQuery(defiSummaryQueryOptions());
}

export function defiHistoryQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...DEFI_QUERY_KEY, 'history'],
    queryFn: async ({ pageParam, signal }) =>
      (await getDefiMyOrder({ page: pageParam, pageSize: HISTORY_PAGE_SIZE }, signal)).history,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export function useDefiHistory() {
  return useInfiniteQuery(defiHistoryQueryOptions());
}
