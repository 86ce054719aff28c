import type { BalanceList } from '@app/contract/ledger';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

/** The same key as the wallet's balance query, so a purchase refreshes the wallet too. */
export const BALANCES_QUERY_KEY = ['wallet', 'balances'] as const;

export function getBalances(signal?: AbortSignal): Promise<BalanceList> {
  return apiPost<BalanceList>('/user/balance_list', {}, { signal });
}

export function balancesQueryOptions() {
  return queryOptions({ queryKey: BALANCES_QUERY_KEY, queryFn: ({ signal }) => getBalances(signal) });
}

export function useBalances(enabled: boolean) {
  return useQuery({ ...balancesQueryOptions(), enabled });
}
