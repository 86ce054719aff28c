import type { Bank } from '@app/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export const BANKS_QUERY_KEY = ['common', 'banks'] as const;

export function getBanks(signal?: AbortSignal): Promise<Bank[]> {
  return apiPost<Bank[]>('/common/banks', {}, { signal });
}

export function banksQueryOptions() {
  return queryOptions({ queryKey: BANKS_QUERY_KEY, queryFn: ({ signal }) => getBanks(signal), staleTime: 300_000 });
}

export function useBanks() {
  return useQuery(banksQueryOptions());
}
