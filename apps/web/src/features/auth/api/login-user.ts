import type { AuthResponse, LoginRequest } from '@app/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { USER_DETAILS_QUERY_KEY } from '../../../lib/api/get-user-details';
import { clearSessionData } from '../../../lib/query-client';
import { startSession } from '../../../lib/session';

export function loginUser(body: LoginRequest): Promise<AuthResponse> {
  return apiPost<AuthResponse>('/user/login', body);
}

export function useLoginUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginUser,
    onSuccess: ({ token, user }) => {
      clearSessionData(queryClient);
      startSession(token);
      queryClient.setQueryData(USER_DETAILS_QUERY_KEY, user);
    },
  });
}
