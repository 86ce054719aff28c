import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { WITHDRAWALS_QUERY_KEY } from './get-withdrawals';

/** The frozen amount returns to the user's available balance. */
export function rejectWithdrawal(input: { id: string; reason: string; idempotencyKey: string }): Promise<unknown> {
  return apiClient.post<unknown>(
    `/withdrawals/${encodeURIComponent(input.id)}/reject`,
    { reason: input.reason },
    { idempotencyKey: input.idempotencyKey },
  );
}

export function useRejectWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectWithdrawal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WITHDRAWALS_QUERY_KEY }),
  });
}
