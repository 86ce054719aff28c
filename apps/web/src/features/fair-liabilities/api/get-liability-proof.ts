import type { LiabilityProof } from '@app/contract/fair-liabilities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export const LIABILITY_PROOF_QUERY_KEY = ['fair', 'liability-proof'] as const;

/** The user's leaf and path in a day's tree of liabilities (the latest when `day` is undefined). */
export function getLiabilityProof(day: string | undefined, signal?: AbortSignal): Promise<LiabilityProof> {
  return apiPost<LiabilityProof>('/fair/liability_proof', day ? { day } : {}, { signal });
}

export function liabilityProofQueryOptions(day: string | undefined) {
  return queryOptions({
    queryKey: [...LIABILITY_PROOF_QUERY_KEY, day ?? 'latest'],
    queryFn: ({ signal }) => getLiabilityProof(day, signal),
    // A published day never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useLiabilityProof(day: string | undefined) {
  return useQuery(liabilityProofQueryOptions(day));
}
