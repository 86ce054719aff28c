import type { BalanceList } from '@app/contract/ledger';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from './client';

/**
 * The user's balances (`user/balance_list`), shared by home, wallet, trade and earn: one key, so a
 * move of money anywhere refreshes every screen that shows it.
 */
export const BALANCES_QUERY_KEY = ['wallet', 'balances'] as const;

export function getBalances(signal?: AbortSignal): Promise<BalanceList> {
  return apiPost<BalanceList>('/user/balance_list', {}, { signal });
}

export function balancesQueryOptions() {
  return queryOptions({ queryKey: BALANCES_QUERY_KEY, queryFn: ({ signal }) => getBalances(signal) });
}

/** Fetched only when `enabled` (a signed-in screen). */
export function useBalances(enabled = true) {
  return useQuery({ ...balancesQueryOptions(), enabled });
}
