import type { TwoFactorSetup } from '@app/contract/two-factor';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

/** A new secret and its otpauth URI; the only answer that carries the secret. */
export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return apiPost<TwoFactorSetup>('/user/two_factor/setup', {});
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}
