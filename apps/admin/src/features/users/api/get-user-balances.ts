import type { BalanceList } from '@app/contract/ledger';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

/** One entry per currency; a server that answers one object (USDT only) is read as a list of one. */
export async function getUserBalances(id: string, signal?: AbortSignal): Promise<BalanceList[]> {
  const data = await apiClient.get<BalanceList | BalanceList[]>(`/users/${encodeURIComponent(id)}/balances`, {
    signal,
  });
  return Array.isArray(data) ? data : [data];
}

export function userBalancesQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...USERS_QUERY_KEY, 'balances', id],
    queryFn: ({ signal }) => getUserBalances(id, signal),
  });
}

export function useUserBalances(id: string, options: { enabled: boolean }) {
  return useQuery({ ...userBalancesQueryOptions(id), enabled: options.enabled });
}
