import type { Page } from '@app/contract/common';
import type { Withdrawal } from '@app/contract/wallet';
import { infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { BALANCES_QUERY_KEY } from '../../../lib/api/get-balances';
import { USER_DETAILS_QUERY_KEY } from '../../../lib/api/get-user-details';
import { WATER_QUERY_KEY } from './get-water';

export const WITHDRAWALS_QUERY_KEY = ['wallet', 'withdrawals'] as const;
const PAGE_SIZE = 20;

export function getWithdrawals(
  body: { page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<Page<Withdrawal>> {
  return apiPost<Page<Withdrawal>>('/wallet/withdrawals', body, { signal });
}

export function withdrawalsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: WITHDRAWALS_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => getWithdrawals({ page: pageParam, pageSize: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export function useWithdrawals() {
  return useInfiniteQuery(withdrawalsQueryOptions());
}

/** A withdrawal request moves available → frozen: every view of the money changes. */
export function invalidateAfterWithdrawal(queryClient: QueryClient) {
  return Promise.all(
    [WITHDRAWALS_QUERY_KEY, BALANCES_QUERY_KEY, WATER_QUERY_KEY, USER_DETAILS_QUERY_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
