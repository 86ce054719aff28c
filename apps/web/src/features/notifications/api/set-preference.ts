import type { NotificationKind, NotificationPreference } from '@app/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { PREFERENCES_QUERY_KEY } from './get-preferences';

export function setPreference(input: { kind: NotificationKind; enabled: boolean }): Promise<NotificationPreference[]> {
  return apiPost<NotificationPreference[]>('/notification/preferences/set', input);
}

export function useSetPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPreference,
    onSuccess: (preferences) => queryClient.setQueryData(PREFERENCES_QUERY_KEY, preferences),
  });
}
