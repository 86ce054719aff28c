import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function getDepositProof(id: string, signal?: AbortSignal): Promise<Blob> {
  return apiClient.getBlob(`/deposits/${encodeURIComponent(id)}/proof`, { signal });
}

export function depositProofQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['deposit-proof', id],
    queryFn: ({ signal }) => getDepositProof(id, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export function useDepositProof(id: string | null) {
  return useQuery({ ...depositProofQueryOptions(id ?? ''), enabled: id !== null });
}
