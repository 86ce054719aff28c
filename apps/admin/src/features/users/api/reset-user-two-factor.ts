import type { TwoFactorStatus } from '@app/contract/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

/** An operator's reset of a user's TOTP, with a reason (audited as user.two_factor_reset). */
export function resetUserTwoFactor(input: { id: string; reason: string }): Promise<TwoFactorStatus> {
  return apiClient.post<TwoFactorStatus>(`/users/${encodeURIComponent(input.id)}/two_factor/reset`, {
    reason: input.reason,
  });
}

export function useResetUserTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
