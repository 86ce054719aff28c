import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { useAccountEvents } from '../../../lib/realtime';
import { useIsSignedIn } from '../../../lib/session';
import { NOTIFICATIONS_QUERY_KEY } from './get-notifications';

export const UNREAD_QUERY_KEY = [...NOTIFICATIONS_QUERY_KEY, 'unread'] as const;

export function getUnreadCount(signal?: AbortSignal): Promise<{ unread: number }> {
  return apiPost<{ unread: number }>('/notification/unread', {}, { signal });
}

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: UNREAD_QUERY_KEY,
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/**
 * Unread notices for the bell: read once, then kept current by the socket's `notification`
 * pushes (which carry the new count and refresh the list).
 */
export function useUnreadNotifications(): number {
  const isSignedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  const query = useQuery({ ...unreadCountQueryOptions(), enabled: isSignedIn });
  useAccountEvents((event) => {
    if (event.type !== 'notification') return;
    queryClient.setQueryData(UNREAD_QUERY_KEY, { unread: event.unread });
    void queryClient.invalidateQueries({ queryKey: [...NOTIFICATIONS_QUERY_KEY, 'list'] });
  }, isSignedIn);
  return isSignedIn ? (query.data?.unread ?? 0) : 0;
}
