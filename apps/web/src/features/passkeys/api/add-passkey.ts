import type { Passkey } from '@app/contract/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { createPasskeyAnswer } from '../../../lib/passkey';
import { invalidatePasskeys } from './get-passkeys';

/** The login password again, the browser's prompt to create the passkey, then the named answer. */
export async function addPasskey({ name, password }: { name: string; password: string }): Promise<Passkey> {
  const { options } = await apiPost<{ options: Record<string, unknown> }>('/user/passkeys/register_options', {
    password,
  });
  const response = await createPasskeyAnswer(options);
  return apiPost<Passkey>('/user/passkeys/register', { name, response });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPasskey, onSuccess: () => invalidatePasskeys(queryClient) });
}
