import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { NOTIFICATIONS_QUERY_KEY } from './get-notifications';
import { UNREAD_QUERY_KEY } from './get-unread-count';

export function markNotificationsRead(ids: string[]): Promise<{ unread: number }> {
  return apiPost<{ unread: number }>('/notification/read', { ids });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (answer) => {
      queryClient.setQueryData(UNREAD_QUERY_KEY, answer);
      return queryClient.invalidateQueries({ queryKey: [...NOTIFICATIONS_QUERY_KEY, 'list'] });
    },
  });
}
