import type { AdminKycSubmission } from '@app/contract/kyc';
import { useQuery } from '@tanstack/react-query';
import { pageQueryOptions } from '../../../lib/list-query';

export const KYC_QUERY_KEY = ['kyc'] as const;
export const KYC_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KycReviewStatus = (typeof KYC_STATUSES)[number];

export type KycListParams = {
  status?: KycReviewStatus;
  page: number;
  pageSize: number;
};

export function kycSubmissionsQueryOptions(params: KycListParams) {
  return pageQueryOptions<AdminKycSubmission>([...KYC_QUERY_KEY, 'list'], '/kyc', params);
}

/** How many wait for review, for the count beside the filter. */
export function usePendingKycCount() {
  const query = useQuery(kycSubmissionsQueryOptions({ status: 'pending', page: 1, pageSize: 1 }));
  return query.data?.total;
}
