import type { AdminWithdrawal, WithdrawalStatus } from '@app/contract/wallet';
import { useQuery } from '@tanstack/react-query';
import { pageQueryOptions } from '../../../lib/list-query';

export const WITHDRAWALS_QUERY_KEY = ['withdrawals'] as const;

export type WithdrawalListParams = {
  status?: WithdrawalStatus;
  userId?: string;
  page: number;
  pageSize: number;
};

export function withdrawalsQueryOptions(params: WithdrawalListParams) {
  return pageQueryOptions<AdminWithdrawal>([...WITHDRAWALS_QUERY_KEY, 'list'], '/withdrawals', params);
}

/** Waiting for a decision: new requests and those with only a first approval. */
export function useWithdrawalCounts() {
  const pending = useQuery(withdrawalsQueryOptions({ status: 'pending', page: 1, pageSize: 1 }));
  const approved = useQuery(withdrawalsQueryOptions({ status: 'approved', page: 1, pageSize: 1 }));
  return { pending: pending.data?.total, approved: approved.data?.total };
}
