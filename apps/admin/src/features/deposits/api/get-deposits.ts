import type { Page } from '@app/contract/common';
import type { AdminDeposit, DepositStatus } from '@app/contract/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const DEPOSITS_QUERY_KEY = ['deposits'] as const;

export interface DepositListParams {
  status?: DepositStatus;
  userId?: string;
  page: number;
  pageSize: number;
}

export function getDeposits(params: DepositListParams, signal?: AbortSignal): Promise<Page<AdminDeposit>> {
  return apiClient.get<Page<AdminDeposit>>('/deposits', { query: { ...params }, signal });
}

export function depositsQueryOptions(params: DepositListParams) {
  return queryOptions({
    queryKey: [...DEPOSITS_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getDeposits(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDeposits(params: DepositListParams) {
  return useQuery(depositsQueryOptions(params));
}

export function usePendingDepositCount() {
  const query = useQuery(depositsQueryOptions({ status: 'pending', page: 1, pageSize: 1 }));
  return query.data?.total;
}
