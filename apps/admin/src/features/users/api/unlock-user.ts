import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

export function unlockUser(input: { id: string; reason: string }): Promise<null> {
  return apiClient.post<null>(`/users/${encodeURIComponent(input.id)}/unlock`, { reason: input.reason });
}

export function useUnlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
