import type { SupportMessage } from '@app/contract/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { addMessage } from './get-conversation';
import { SUPPORT_LIST_KEY } from './get-conversations';

export function sendReply(input: { conversationId: string; text: string }) {
  return apiClient.post<SupportMessage>(`/support/conversations/${encodeURIComponent(input.conversationId)}/send`, {
    text: input.text,
  });
}

export function sendPicture(input: { conversationId: string; file: File }) {
  const form = new FormData();
  form.append('image', input.file);
  return apiClient.post<SupportMessage>(
    `/support/conversations/${encodeURIComponent(input.conversationId)}/upload`,
    form,
  );
}

/** A picture to the user: the server checks its type by content and its size. */
export function useSendPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPicture,
    onSuccess: (message) => {
      addMessage(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: SUPPORT_LIST_KEY });
    },
  });
}

export function useSendReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReply,
    onSuccess: (message) => {
      addMessage(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: SUPPORT_LIST_KEY });
    },
  });
}
