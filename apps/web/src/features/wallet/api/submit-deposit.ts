import type { Deposit, DepositSubmitRequest } from '@app/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { DEPOSITS_QUERY_KEY } from './get-deposits';

export interface SubmitDepositInput {
  request: DepositSubmitRequest;
  /** Optional payment screenshot; when present the call goes as multipart. */
  proof?: File | null;
  idempotencyKey: string;
}

export function submitDeposit({ request, proof, idempotencyKey }: SubmitDepositInput): Promise<Deposit> {
  return apiPost<Deposit>('/wallet/submit', proof ? toFormData(request, proof) : request, { idempotencyKey });
}

function toFormData(request: DepositSubmitRequest, proof: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(request)) if (value !== undefined) form.set(name, String(value));
  form.set('proof', proof);
  return form;
}

export function useSubmitDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDeposit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEPOSITS_QUERY_KEY }),
  });
}
