import type { AuthResponse, RegisterRequest } from '@app/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { USER_DETAILS_QUERY_KEY } from '../../../lib/api/get-user-details';
import { clearSessionData } from '../../../lib/query-client';
import { startSession } from '../../../lib/session';

export function registerUser(body: RegisterRequest): Promise<AuthResponse> {
  return apiPost<AuthResponse>('/user/register', body);
}

export function useRegisterUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerUser,
    onSuccess: ({ token, user }) => {
      clearSessionData(queryClient);
      startSession(token);
      queryClient.setQueryData(USER_DETAILS_QUERY_KEY, user);
    },
  });
}
