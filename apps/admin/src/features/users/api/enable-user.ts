import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

export function enableUser(input: { id: string; reason: string }): Promise<null> {
  return apiClient.post<null>(`/users/${encodeURIComponent(input.id)}/enable`, { reason: input.reason });
}

export function useEnableUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
