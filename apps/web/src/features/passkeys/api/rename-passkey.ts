import type { PasskeyRenameRequest } from '@app/contract/passkeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { invalidatePasskeys } from './get-passkeys';

export function renamePasskey(body: { id: string; name: string }): Promise<null> {
  return apiPost<null>('/user/passkeys/rename', body satisfies Record<keyof PasskeyRenameRequest, string>);
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renamePasskey, onSuccess: () => invalidatePasskeys(queryClient) });
}
