import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { SUPPORT_QUERY_KEY } from './get-conversations';

export const UNREAD_KEY = [...SUPPORT_QUERY_KEY, 'unread'] as const;

export function getUnreadTotal(signal?: AbortSignal) {
  return apiClient.get<{ unreadTotal: number }>('/support/unread', { signal });
}

/** User messages no operator has read; kept current by the live inbox pushes. */
export function useUnreadTotal(enabled = true) {
  const query = useQuery({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) => getUnreadTotal(signal),
    enabled,
    staleTime: 30_000,
  });
  return query.data?.unreadTotal ?? 0;
}
