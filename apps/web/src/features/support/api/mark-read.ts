import type { SupportUnread } from '@app/contract/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { useIsSignedIn } from '../../../lib/session';
import { supportHeaders } from '../visitor';
import { unreadQueryKey } from './get-unread';

export function markRead(lastId: string): Promise<null> {
  return apiPost<null>('/support/read', { lastId }, { headers: supportHeaders() });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  const isSignedIn = useIsSignedIn();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => queryClient.setQueryData<SupportUnread>(unreadQueryKey(isSignedIn), { unread: 0 }),
  });
}
