import type { LoginTwoFactorRequest } from '@app/contract/two-factor';
import type { AuthResponse } from '@app/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { startSignedIn } from './login-user';

/** The login's second step: the challenge of the password step and a code. */
export function loginTwoFactor(body: LoginTwoFactorRequest): Promise<AuthResponse> {
  return apiPost<AuthResponse>('/user/login_two_factor', body);
}

export function useLoginTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: loginTwoFactor, onSuccess: (result) => startSignedIn(queryClient, result) });
}
