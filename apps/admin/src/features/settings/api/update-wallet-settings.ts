import type { WalletRules } from '@app/contract/wallet-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { SETTINGS_QUERY_KEY } from './get-settings';

export function updateWalletSettings(input: WalletRules): Promise<unknown> {
  return apiClient.put<unknown>('/settings/wallet', input);
}

export function useUpdateWalletSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWalletSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY }),
  });
}
