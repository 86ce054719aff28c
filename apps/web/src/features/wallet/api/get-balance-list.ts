import type { BalanceList } from '@app/contract/ledger';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export const BALANCES_QUERY_KEY = ['wallet', 'balances'] as const;

export function getBalanceList(signal?: AbortSignal): Promise<BalanceList> {
  return apiPost<BalanceList>('/user/balance_list', {}, { signal });
}

export function balanceListQueryOptions() {
  return queryOptions({ queryKey: BALANCES_QUERY_KEY, queryFn: ({ signal }) => getBalanceList(signal) });
}

export function useBalanceList() {
  return useQuery(balanceListQueryOptions());
}
