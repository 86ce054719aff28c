import type { GeneralSettings } from '@app/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { SETTINGS_QUERY_KEY } from './get-settings';

export function updateGeneralSettings(input: GeneralSettings): Promise<unknown> {
  return apiClient.put<unknown>('/settings/general', input);
}

export function useUpdateGeneralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGeneralSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY }),
  });
}
