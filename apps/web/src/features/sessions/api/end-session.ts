import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { SESSIONS_QUERY_KEY } from './get-sessions';

export function endSession(id: string): Promise<null> {
  return apiPost<null>('/user/sessions/end', { id });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
