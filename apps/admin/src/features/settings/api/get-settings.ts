import type { AdminSettings } from '@app/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const SETTINGS_QUERY_KEY = ['settings'] as const;

export function getSettings(signal?: AbortSignal): Promise<AdminSettings> {
  return apiClient.get<AdminSettings>('/settings', { signal });
}

export function settingsQueryOptions() {
  return queryOptions({ queryKey: SETTINGS_QUERY_KEY, queryFn: ({ signal }) => getSettings(signal) });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
