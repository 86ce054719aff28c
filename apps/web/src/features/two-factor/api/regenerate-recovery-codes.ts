import type { RecoveryCodes, TwoFactorCodeRequest } from '@app/contract/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { invalidateTwoFactor } from './enable-two-factor';

export function regenerateRecoveryCodes(body: TwoFactorCodeRequest): Promise<RecoveryCodes> {
  return apiPost<RecoveryCodes>('/user/two_factor/recovery_codes', body);
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: regenerateRecoveryCodes, onSuccess: () => invalidateTwoFactor(queryClient) });
}
