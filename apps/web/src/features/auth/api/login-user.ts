import type { LoginChallenge } from '@app/contract/two-factor';
import type { AuthResponse, LoginRequest, LoginResponse } from '@app/contract/users';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { USER_DETAILS_QUERY_KEY } from '../../../lib/api/get-user-details';
import { clearSessionData } from '../../../lib/query-client';
import { startSession } from '../../../lib/session';

export function loginUser(body: LoginRequest): Promise<LoginResponse> {
  return apiPost<LoginResponse>('/user/login', body);
}

/** A user with two-factor authentication on gets a challenge from the password step (issue 14). */
export function isLoginChallenge(result: LoginResponse): result is LoginChallenge {
  return 'twoFactorRequired' in result;
}

/** A login that answered the session: it starts, with the profile in the cache. */
export function startSignedIn(queryClient: QueryClient, { token, user }: AuthResponse): void {
  clearSessionData(queryClient);
  startSession(token);
  queryClient.setQueryData(USER_DETAILS_QUERY_KEY, user);
}

export function useLoginUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginUser,
    onSuccess: (result) => {
      if (!isLoginChallenge(result)) startSignedIn(queryClient, result);
    },
  });
}
