import type { RecoveryCodes, TwoFactorEnableRequest } from '@app/contract/two-factor';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { USER_DETAILS_QUERY_KEY } from '../../../lib/api/get-user-details';
import { TWO_FACTOR_STATUS_QUERY_KEY } from './get-two-factor-status';

export function enableTwoFactor(body: TwoFactorEnableRequest): Promise<RecoveryCodes> {
  return apiPost<RecoveryCodes>('/user/two_factor/enable', body);
}

/** The status and the profile (whose `twoFactorEnabled` makes money moves ask a code) are read again. */
export function invalidateTwoFactor(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_STATUS_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: USER_DETAILS_QUERY_KEY });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: enableTwoFactor, onSuccess: () => invalidateTwoFactor(queryClient) });
}
