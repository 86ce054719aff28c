import type { Page } from '@app/contract/common';
import type { Deposit } from '@app/contract/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export const DEPOSITS_QUERY_KEY = ['wallet', 'deposits'] as const;
const PAGE_SIZE = 20;

export function getDeposits(body: { page: number; pageSize: number }, signal?: AbortSignal): Promise<Page<Deposit>> {
  return apiPost<Page<Deposit>>('/user/deposit', body, { signal });
}

export function depositsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: DEPOSITS_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => getDeposits({ page: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export function useDeposits() {
  return useInfiniteQuery(depositsQueryOptions());
}
