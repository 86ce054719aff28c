import type { AdjustmentRequest, Journal } from '@app/contract/ledger';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

/** A finance adjustment: a journal against platform:adjustments with the operator's reason. */
export function adjustBalance(input: { request: AdjustmentRequest; idempotencyKey: string }): Promise<Journal> {
  return apiClient.post<Journal>('/adjustments', input.request, { idempotencyKey: input.idempotencyKey });
}

export function useAdjustBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustBalance,
    onSuccess: (_, input) =>
      queryClient.invalidateQueries({ queryKey: [...USERS_QUERY_KEY, 'balances', input.request.userId] }),
  });
}
