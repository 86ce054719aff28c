import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type KycImageSide = 'front' | 'back';

export function getKycImage(id: string, side: KycImageSide, signal?: AbortSignal): Promise<Blob> {
  return apiClient.getBlob(`/kyc/${encodeURIComponent(id)}/images/${side}`, { signal });
}

export function kycImageQueryOptions(id: string, side: KycImageSide) {
  return queryOptions({
    // Not under the list key: approving must not download the images again.
    queryKey: ['kyc-image', id, side],
    queryFn: ({ signal }) => getKycImage(id, side, signal),
    staleTime: Number.POSITIVE_INFINITY,
    // Identity documents should not linger in memory once the reviewer moves on.
    gcTime: 0,
  });
}

export function useKycImage(id: string, side: KycImageSide) {
  return useQuery(kycImageQueryOptions(id, side));
}
