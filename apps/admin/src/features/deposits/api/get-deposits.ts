import type { AdminDeposit, DepositStatus } from '@app/contract/wallet';
import { useQuery } from '@tanstack/react-query';
import { pageQueryOptions } from '../../../lib/list-query';

export const DEPOSITS_QUERY_KEY = ['deposits'] as const;

export type DepositListParams = {
  status?: DepositStatus;
  userId?: string;
  page: number;
  pageSize: number;
};

export function depositsQueryOptions(params: DepositListParams) {
  return pageQueryOptions<AdminDeposit>([...DEPOSITS_QUERY_KEY, 'list'], '/deposits', params);
}

export function usePendingDepositCount() {
  const query = useQuery(depositsQueryOptions({ status: 'pending', page: 1, pageSize: 1 }));
  return query.data?.total;
}
