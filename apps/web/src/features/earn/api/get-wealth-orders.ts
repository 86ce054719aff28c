import type { Page } from '@app/contract/common';
import type { WealthOrder, WealthOrderStatus } from '@app/contract/wealth';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { WEALTH_QUERY_KEY } from './get-wealth-products';

const PAGE_SIZE = 20;

export function getWealthOrders(
  body: { status: WealthOrderStatus; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Page<WealthOrder>> {
  return apiPost<Page<WealthOrder>>('/wealth/orders', body, { signal });
}

export function wealthOrdersQueryOptions(status: WealthOrderStatus) {
  return infiniteQueryOptions({
    queryKey: [...WEALTH_QUERY_KEY, 'orders', status],
    queryFn: ({ pageParam, signal }) => getWealthOrders({ status, page: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export function useWealthOrders(status: WealthOrderStatus) {
  return useInfiniteQuery(wealthOrdersQueryOptions(status));
}
