import type { TwoFactorDisableRequest } from '@app/contract/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { invalidateTwoFactor } from './enable-two-factor';

export function disableTwoFactor(body: TwoFactorDisableRequest): Promise<null> {
  return apiPost<null>('/user/two_factor/disable', body);
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: () => invalidateTwoFactor(queryClient) });
}
