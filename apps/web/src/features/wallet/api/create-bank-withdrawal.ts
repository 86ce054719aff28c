import type { BankWithdrawalRequest, Withdrawal } from '@app/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { invalidateAfterWithdrawal } from './get-withdrawals';

export function createBankWithdrawal({
  request,
  idempotencyKey,
}: {
  request: BankWithdrawalRequest;
  idempotencyKey: string;
}): Promise<Withdrawal> {
  return apiPost<Withdrawal>('/wallet/bankWithdrawal', request, { idempotencyKey });
}

export function useCreateBankWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBankWithdrawal, onSuccess: () => invalidateAfterWithdrawal(queryClient) });
}
