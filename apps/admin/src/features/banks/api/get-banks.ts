import type { adminBankSchema } from '@app/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

export type AdminBank = z.infer<typeof adminBankSchema>;

export const BANKS_QUERY_KEY = ['banks'] as const;

export function getBanks(signal?: AbortSignal): Promise<AdminBank[]> {
  return apiClient.get<AdminBank[]>('/banks', { signal });
}

export function banksQueryOptions() {
  return queryOptions({ queryKey: BANKS_QUERY_KEY, queryFn: ({ signal }) => getBanks(signal) });
}

export function useBanks() {
  return useQuery(banksQueryOptions());
}
