import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { SESSIONS_QUERY_KEY } from './get-sessions';

export function endOtherSessions(): Promise<{ ended: number }> {
  return apiPost<{ ended: number }>('/user/sessions/end_others');
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
