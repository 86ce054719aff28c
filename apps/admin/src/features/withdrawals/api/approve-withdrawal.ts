import type { AdminWithdrawal } from '@app/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { WITHDRAWALS_QUERY_KEY } from './get-withdrawals';

/**
 * Above the second-approval threshold the first call records a first approval (status `approved`);
 * a different operator's call pays it (`paid`). The server refuses the same operator (4016).
 */
export function approveWithdrawal(input: {
  id: string;
  payoutReference?: string;
  idempotencyKey: string;
}): Promise<AdminWithdrawal | null> {
  const body = input.payoutReference ? { payoutReference: input.payoutReference } : {};
  return apiClient.post<AdminWithdrawal | null>(`/withdrawals/${encodeURIComponent(input.id)}/approve`, body, {
    idempotencyKey: input.idempotencyKey,
  });
}

export function useApproveWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveWithdrawal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WITHDRAWALS_QUERY_KEY }),
  });
}
