import type { AuthResponse } from '@app/contract/users';
import type { QueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { getPasskeyAnswer } from '../../../lib/passkey';
import { startSignedIn } from './login-user';

/**
 * Sign-in with a passkey (issue 14), without the username: a challenge from the server, the
 * browser's prompt (any passkey of this site), and the answer, which opens the session.
 */
export async function loginWithPasskey(queryClient: QueryClient): Promise<AuthResponse> {
  const { options } = await apiPost<{ options: Record<string, unknown> }>('/user/passkeys/login_options', {});
  const response = await getPasskeyAnswer(options);
  const result = await apiPost<AuthResponse>('/user/login_passkey', { response });
  startSignedIn(queryClient, result);
  return result;
}
