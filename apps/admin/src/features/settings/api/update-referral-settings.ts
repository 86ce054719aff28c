import type { ReferralSettings } from '@app/contract/referral';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { SETTINGS_QUERY_KEY } from './get-settings';

export function updateReferralSettings(input: ReferralSettings): Promise<unknown> {
  return apiClient.put<unknown>('/settings/referral', input);
}

export function useUpdateReferralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReferralSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY }),
  });
}
