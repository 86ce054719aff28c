import type { TrcWithdrawalRequest, Withdrawal } from '@app/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { invalidateAfterWithdrawal } from './get-withdrawals';

export function createTrcWithdrawal({
  request,
  idempotencyKey,
}: {
  request: TrcWithdrawalRequest;
  idempotencyKey: string;
}): Promise<Withdrawal> {
  return apiPost<Withdrawal>('/wallet/trcWithdrawal', request, { idempotencyKey });
}

export function useCreateTrcWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTrcWithdrawal, onSuccess: () => invalidateAfterWithdrawal(queryClient) });
}
