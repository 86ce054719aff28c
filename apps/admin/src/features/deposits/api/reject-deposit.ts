import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { DEPOSITS_QUERY_KEY } from './get-deposits';

export function rejectDeposit(input: { id: string; reason: string }): Promise<unknown> {
  return apiClient.post<unknown>(`/deposits/${encodeURIComponent(input.id)}/reject`, { reason: input.reason });
}

export function useRejectDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectDeposit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEPOSITS_QUERY_KEY }),
  });
}
