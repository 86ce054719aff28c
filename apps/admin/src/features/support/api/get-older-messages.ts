import type { SupportMessagesPage } from '@app/contract/support';
import { apiClient } from '../../../lib/api-client';

export function getOlderMessages(conversationId: string, beforeId: string) {
  return apiClient.post<SupportMessagesPage>(`/support/conversations/${encodeURIComponent(conversationId)}/messages`, {
    beforeId,
    limit: 30,
  });
}
