import type { SupportMessage } from '@app/contract/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { useIsSignedIn } from '../../../lib/session';
import { supportHeaders } from '../visitor';
import { addMessages } from './get-conversation';

export type SendInput = { text: string } | { image: File };

export function sendMessage(input: SendInput): Promise<SupportMessage> {
  if ('text' in input)
    return apiPost<SupportMessage>('/support/send', { text: input.text }, { headers: supportHeaders() });
  const form = new FormData();
  form.set('image', input.image, input.image.name || 'photo.jpg');
  // Images can take a while on a slow phone network.
  return apiPost<SupportMessage>('/support/upload', form, { headers: supportHeaders(), timeoutMs: 60_000 });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  const isSignedIn = useIsSignedIn();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => addMessages(queryClient, isSignedIn, [message]),
  });
}
