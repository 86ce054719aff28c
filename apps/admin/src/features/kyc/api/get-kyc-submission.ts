import type { AdminKycSubmission } from '@app/contract/kyc';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { KYC_QUERY_KEY } from './get-kyc-submissions';

export function getKycSubmission(id: string, signal?: AbortSignal): Promise<AdminKycSubmission> {
  return apiClient.get<AdminKycSubmission>(`/kyc/${encodeURIComponent(id)}`, { signal });
}

export function kycSubmissionQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...KYC_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => getKycSubmission(id, signal),
  });
}

export function useKycSubmission(id: string | null) {
  return useQuery({ ...kycSubmissionQueryOptions(id ?? ''), enabled: id !== null });
}
