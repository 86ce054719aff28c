import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { KYC_QUERY_KEY } from './get-kyc-submissions';

export function approveKycSubmission(input: { id: string }): Promise<unknown> {
  return apiClient.post<unknown>(`/kyc/${encodeURIComponent(input.id)}/approve`, {});
}

export function useApproveKycSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveKycSubmission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KYC_QUERY_KEY }),
  });
}
