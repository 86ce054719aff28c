import type { Page } from '@app/contract/common';
import type { AdminKycSubmission } from '@app/contract/kyc';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const KYC_QUERY_KEY = ['kyc'] as const;
export const KYC_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KycReviewStatus = (typeof KYC_STATUSES)[number];

export interface KycListParams {
  status?: KycReviewStatus;
  page: number;
  pageSize: number;
}

export function getKycSubmissions(params: KycListParams, signal?: AbortSignal): Promise<Page<AdminKycSubmission>> {
  return apiClient.get<Page<AdminKycSubmission>>('/kyc', { query: { ...params }, signal });
}

export function kycSubmissionsQueryOptions(params: KycListParams) {
  return queryOptions({
    queryKey: [...KYC_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getKycSubmissions(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useKycSubmissions(params: KycListParams) {
  return useQuery(kycSubmissionsQueryOptions(params));
}

/** How many wait for review, for the count beside the filter. */
export function usePendingKycCount() {
  const query = useQuery(kycSubmissionsQueryOptions({ status: 'pending', page: 1, pageSize: 1 }));
  return query.data?.total;
}
