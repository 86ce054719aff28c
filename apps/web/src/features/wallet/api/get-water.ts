import type { Page } from '@app/contract/common';
import type { WaterEntry, WaterGroup } from '@app/contract/ledger';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export const WATER_QUERY_KEY = ['wallet', 'water'] as const;
export const WATER_PAGE_SIZE = 20;

/** The user's fund details: one entry per event, newest first. */
export function getWater(
  body: { page: number; pageSize: number; group?: WaterGroup },
  signal?: AbortSignal,
): Promise<Page<WaterEntry>> {
  return apiPost<Page<WaterEntry>>('/user/water', body, { signal });
}

export function waterQueryOptions(group: WaterGroup | undefined) {
  return infiniteQueryOptions({
    queryKey: [...WATER_QUERY_KEY, group ?? 'all'],
    queryFn: ({ pageParam, signal }) => getWater({ page: pageParam, pageSize: WATER_PAGE_SIZE, group }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export function useWater(group: WaterGroup | undefined) {
  return useInfiniteQuery(waterQueryOptions(group));
}
