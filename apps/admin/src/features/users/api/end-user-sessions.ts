import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

export function endUserSessions(input: { id: string; reason: string }): Promise<{ ended: number }> {
  return apiClient.post<{ ended: number }>(`/users/${encodeURIComponent(input.id)}/end_sessions`, {
    reason: input.reason,
  });
}

export function useEndUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endUserSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
