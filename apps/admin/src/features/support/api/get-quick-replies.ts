import type { QuickReply, SupportAgent } from '@app/contract/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { SUPPORT_QUERY_KEY } from './get-conversations';

const QUICK_REPLIES_KEY = [...SUPPORT_QUERY_KEY, 'quick-replies'] as const;

export function useQuickReplies() {
  return useQuery({
    queryKey: QUICK_REPLIES_KEY,
    queryFn: ({ signal }) => apiClient.get<QuickReply[]>('/support/quick-replies', { signal }),
    staleTime: 60_000,
  });
}

export function useAddQuickReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiClient.post<QuickReply>('/support/quick-replies', { text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUICK_REPLIES_KEY }),
  });
}

export function useDeleteQuickReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.post<null>(`/support/quick-replies/${encodeURIComponent(id)}/delete`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUICK_REPLIES_KEY }),
  });
}

/** Operators a conversation can be assigned to. */
export function useSupportAgents() {
  return useQuery({
    queryKey: [...SUPPORT_QUERY_KEY, 'agents'],
    queryFn: ({ signal }) => apiClient.get<SupportAgent[]>('/support/agents', { signal }),
    staleTime: 5 * 60_000,
  });
}
