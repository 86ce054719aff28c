import type { AdminSupportConversationDetail, SupportMessage } from '@app/contract/support';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { SUPPORT_QUERY_KEY } from './get-conversations';

export const conversationKey = (id: string) => [...SUPPORT_QUERY_KEY, 'conversation', id] as const;

export function getConversation(id: string, signal?: AbortSignal) {
  return apiClient.get<AdminSupportConversationDetail>(`/support/conversations/${encodeURIComponent(id)}`, { signal });
}

export function useConversation(id: string | null) {
  return useQuery({
    queryKey: conversationKey(id ?? ''),
    queryFn: ({ signal }) => getConversation(id!, signal),
    enabled: id !== null,
  });
}

/** Puts a message (pushed or just sent) into the open conversation once, in id order. */
export function addMessage(queryClient: QueryClient, message: SupportMessage): void {
  queryClient.setQueryData<AdminSupportConversationDetail>(conversationKey(message.conversationId), (current) => {
    if (!current || current.messages.some((m) => m.id === message.id)) return current;
    const messages = [...current.messages, message].sort((a, b) => Number(a.id) - Number(b.id));
    return { ...current, messages };
  });
}
