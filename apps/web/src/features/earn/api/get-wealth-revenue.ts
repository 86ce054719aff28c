import type { Page } from '@app/contract/common';
import type { WealthRevenueEntry, WealthRevenueType } from '@app/contract/wealth';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { WEALTH_QUERY_KEY } from './get-wealth-products';

const PAGE_SIZE = 20;

export function getWealthRevenue(
  body: { type?: WealthRevenueType; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Page<WealthRevenueEntry>> {
  return apiPost<Page<WealthRevenueEntry>>('/wealth/revenue', body, { signal });
}

export function wealthRevenueQueryOptions(type: WealthRevenueType | undefined) {
  return infiniteQueryOptions({
    queryKey: [...WEALTH_QUERY_KEY, 'revenue', type ?? 'all'],
    queryFn: ({ pageParam, signal }) => getWealthRevenue({ type, page: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export function useWealthRevenue(type: WealthRevenueType | undefined) {
  return useInfiniteQuery(wealthRevenueQueryOptions(type));
}
