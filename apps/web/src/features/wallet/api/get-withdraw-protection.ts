import type { WithdrawProtection } from '@app/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export const WITHDRAW_PROTECTION_QUERY_KEY = ['wallet', 'withdraw-protection'] as const;

/** Issue 14: whether withdrawals go only to cards and addresses older than the cooldown. */
export function getWithdrawProtection(signal?: AbortSignal): Promise<WithdrawProtection> {
  return apiPost<WithdrawProtection>('/user/withdraw_protection', {}, { signal });
}

export function useWithdrawProtection() {
  return useQuery(
    queryOptions({ queryKey: WITHDRAW_PROTECTION_QUERY_KEY, queryFn: ({ signal }) => getWithdrawProtection(signal) }),
  );
}
