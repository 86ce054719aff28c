import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { KYC_QUERY_KEY } from './get-kyc-submissions';

export function rejectKycSubmission(input: { id: string; reason: string }): Promise<unknown> {
  return apiClient.post<unknown>(`/kyc/${encodeURIComponent(input.id)}/reject`, { reason: input.reason });
}

export function useRejectKycSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectKycSubmission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KYC_QUERY_KEY }),
  });
}
