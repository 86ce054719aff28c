import type { Page } from '@app/contract/common';
import type { AdminWithdrawal, WithdrawalStatus } from '@app/contract/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const WITHDRAWALS_QUERY_KEY = ['withdrawals'] as const;

export interface WithdrawalListParams {
  status?: WithdrawalStatus;
  userId?: string;
  page: number;
  pageSize: number;
}

export function getWithdrawals(params: WithdrawalListParams, signal?: AbortSignal): Promise<Page<AdminWithdrawal>> {
  return apiClient.get<Page<AdminWithdrawal>>('/withdrawals', { query: { ...params }, signal });
}

export function withdrawalsQueryOptions(params: WithdrawalListParams) {
  return queryOptions({
    queryKey: [...WITHDRAWALS_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getWithdrawals(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useWithdrawals(params: WithdrawalListParams) {
  return useQuery(withdrawalsQueryOptions(params));
}

/** Waiting for a decision: new requests and those with only a first approval. */
export function useWithdrawalCounts() {
  const pending = useQuery(withdrawalsQueryOptions({ status: 'pending', page: 1, pageSize: 1 }));
  const approved = useQuery(withdrawalsQueryOptions({ status: 'approved', page: 1, pageSize: 1 }));
  return { pending: pending.data?.total, approved: approved.data?.total };
}
