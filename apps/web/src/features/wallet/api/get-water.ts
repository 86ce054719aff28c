import type { Page } from '@app/contract/common';
import type { JournalKind, WaterEntry } from '@app/contract/ledger';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export const WATER_QUERY_KEY = ['wallet', 'water'] as const;
export const WATER_PAGE_SIZE = 20;

export function getWater(
  body: { page: number; pageSize: number; kind?: JournalKind },
  signal?: AbortSignal,
): Promise<Page<WaterEntry>> {
  return apiPost<Page<WaterEntry>>('/user/water', body, { signal });
}

export function waterQueryOptions(kind: JournalKind | undefined) {
  return infiniteQueryOptions({
    queryKey: [...WATER_QUERY_KEY, kind ?? 'all'],
    queryFn: ({ pageParam, signal }) => getWater({ page: pageParam, pageSize: WATER_PAGE_SIZE, kind }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export function useWater(kind: JournalKind | undefined) {
  return useInfiniteQuery(waterQueryOptions(kind));
}
