import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { clearAuthToken } from '../../../lib/auth-token';

export function logout(): Promise<null> {
  return apiClient.post<null>('/auth/logout', {});
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Leave locally whatever the server says: the operator asked to be signed out.
    onSettled: () => {
      clearAuthToken();
      queryClient.clear();
    },
  });
}
