import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

export function disableUser(input: { id: string; reason: string }): Promise<null> {
  return apiClient.post<null>(`/users/${encodeURIComponent(input.id)}/disable`, { reason: input.reason });
}

export function useDisableUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
