import type { SupportUnread } from '@app/contract/support';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { useSupportEvents } from '../../../lib/realtime';
import { useIsSignedIn } from '../../../lib/session';
import { readVisitorToken, supportHeaders } from '../visitor';
import { SUPPORT_QUERY_KEY } from './get-conversation';

export const unreadQueryKey = (isSignedIn: boolean) => [...SUPPORT_QUERY_KEY, 'unread', isSignedIn] as const;

export function getUnread(signal?: AbortSignal): Promise<SupportUnread> {
  return apiPost<SupportUnread>('/support/unread', {}, { signal, headers: supportHeaders() });
}

/**
 * Operator messages not read yet, for the tab badge: read once, then kept current by the pushes.
 * A visitor who never opened the chat has nothing to read and asks nothing.
 */
export function useSupportUnread(): number {
  const isSignedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  const visitorToken = isSignedIn ? null : readVisitorToken();
  const isEnabled = isSignedIn || visitorToken !== null;
  const query = useQuery({
    queryKey: unreadQueryKey(isSignedIn),
    queryFn: ({ signal }) => getUnread(signal),
    enabled: isEnabled,
    staleTime: 60_000,
  });
  useSupportEvents(
    (event) => queryClient.setQueryData<SupportUnread>(unreadQueryKey(isSignedIn), { unread: event.unread }),
    visitorToken,
    isEnabled,
  );
  return query.data?.unread ?? 0;
}
