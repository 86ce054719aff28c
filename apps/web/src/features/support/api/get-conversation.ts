import type { SupportConversation, SupportMessage } from '@app/contract/support';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { useIsSignedIn } from '../../../lib/session';
import { supportHeaders } from '../visitor';

export const SUPPORT_QUERY_KEY = ['support'] as const;
export const conversationQueryKey = (isSignedIn: boolean) =>
  [...SUPPORT_QUERY_KEY, 'conversation', isSignedIn] as const;

export function getConversation(signal?: AbortSignal): Promise<SupportConversation> {
  return apiPost<SupportConversation>('/support/conversation', {}, { signal, headers: supportHeaders() });
}

/** The user's (or visitor's) conversation with its newest messages; created on first open. */
export function useConversation() {
  const isSignedIn = useIsSignedIn();
  return useQuery({
    queryKey: conversationQueryKey(isSignedIn),
    queryFn: ({ signal }) => getConversation(signal),
    staleTime: 0,
  });
}

/** Adds messages (a push, or one just sent) to the cached conversation, once each, in id order. */
export function addMessages(queryClient: QueryClient, isSignedIn: boolean, messages: readonly SupportMessage[]): void {
  queryClient.setQueryData<SupportConversation>(conversationQueryKey(isSignedIn), (current) => {
    if (!current) return current;
    const known = new Set(current.messages.map((m) => m.id));
    const added = messages.filter((m) => !known.has(m.id));
    if (added.length === 0) return current;
    const all = [...current.messages, ...added].sort((a, b) => Number(a.id) - Number(b.id));
    return { ...current, messages: all, status: 'open' };
  });
}
