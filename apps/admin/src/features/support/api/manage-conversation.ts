import type { AdminSupportConversationDetail } from '@app/contract/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { conversationKey } from './get-conversation';
import { SUPPORT_LIST_KEY } from './get-conversations';
import { UNREAD_KEY } from './get-unread';

const path = (id: string, action: string) => `/support/conversations/${encodeURIComponent(id)}/${action}`;

/** Assign (to an operator id, or null to unassign), close, and mark read: each refreshes the inbox. */
export function assignConversation(input: { id: string; adminId: string | null }) {
  return apiClient.post<AdminSupportConversationDetail>(path(input.id, 'assign'), { adminId: input.adminId });
}

export function closeConversation(input: { id: string }) {
  return apiClient.post<AdminSupportConversationDetail>(path(input.id, 'close'), {});
}

export function markConversationRead(input: { id: string; lastId: string }) {
  return apiClient.post<null>(path(input.id, 'read'), { lastId: input.lastId });
}

function useRefreshingMutation<I extends { id: string }, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, input) => {
      if (data) queryClient.setQueryData(conversationKey(input.id), data);
      void queryClient.invalidateQueries({ queryKey: SUPPORT_LIST_KEY });
      void queryClient.invalidateQueries({ queryKey: UNREAD_KEY });
    },
  });
}

export const useAssignConversation = () => useRefreshingMutation(assignConversation);
export const useCloseConversation = () => useRefreshingMutation(closeConversation);
export const useMarkConversationRead = () => useRefreshingMutation(markConversationRead);
