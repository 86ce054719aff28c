import type { AdminAuthResponse, AdminLoginRequest } from '@app/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { setAuthToken } from '../../../lib/auth-token';
import { ME_QUERY_KEY } from './get-me';

export function login(body: AdminLoginRequest): Promise<AdminAuthResponse> {
  return apiClient.post<AdminAuthResponse>('/auth/login', body);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      // A previous operator's cached data must not leak into this session.
      queryClient.clear();
      setAuthToken(result.token);
      queryClient.setQueryData(ME_QUERY_KEY, result.admin);
    },
  });
}
