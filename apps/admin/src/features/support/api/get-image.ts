import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function useSupportImage(name: string) {
  return useQuery({
    queryKey: ['support-image', name],
    queryFn: ({ signal }) => apiClient.getBlob(`/support/image/${encodeURIComponent(name)}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
