import type { ConfirmDepositRequest } from '@app/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { DEPOSITS_QUERY_KEY } from './get-deposits';

export function confirmDeposit(input: {
  id: string;
  body: ConfirmDepositRequest;
  idempotencyKey: string;
}): Promise<unknown> {
  return apiClient.post<unknown>(`/deposits/${encodeURIComponent(input.id)}/confirm`, input.body, {
    idempotencyKey: input.idempotencyKey,
  });
}

export function useConfirmDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmDeposit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEPOSITS_QUERY_KEY }),
  });
}
