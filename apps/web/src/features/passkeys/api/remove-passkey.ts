import type { PasskeyRemoveRequest } from '@app/contract/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { invalidatePasskeys } from './get-passkeys';

/** The login password and a second factor: a code, or a passkey's answer (`passkey:…`). */
export function removePasskey(body: { id: string; password: string; twoFactorCode: string }): Promise<null> {
  return apiPost<null>('/user/passkeys/remove', body satisfies Record<keyof PasskeyRemoveRequest, string>);
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePasskey, onSuccess: () => invalidatePasskeys(queryClient) });
}
