import type { NotificationPreference } from '@app/contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export const PREFERENCES_QUERY_KEY = ['notification-preferences'] as const;

export function getPreferences(signal?: AbortSignal): Promise<NotificationPreference[]> {
  return apiPost<NotificationPreference[]>('/notification/preferences', {}, { signal });
}

export function preferencesQueryOptions() {
  return queryOptions({ queryKey: PREFERENCES_QUERY_KEY, queryFn: ({ signal }) => getPreferences(signal) });
}

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}
