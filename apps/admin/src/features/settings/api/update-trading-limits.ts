import type { TradingLimits } from '@app/contract/admin-markets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { SETTINGS_QUERY_KEY } from './get-settings';

export function updateTradingLimits(input: TradingLimits): Promise<unknown> {
  return apiClient.put<unknown>('/settings/trading', input);
}

export function useUpdateTradingLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTradingLimits,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY }),
  });
}
