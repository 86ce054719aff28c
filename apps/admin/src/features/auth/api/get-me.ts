import type { AdminProfile } from '@app/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const ME_QUERY_KEY = ['auth', 'me'] as const;

export function getMe(signal?: AbortSignal): Promise<AdminProfile> {
  return apiClient.get<AdminProfile>('/auth/me', { signal });
}

export function meQueryOptions() {
  return queryOptions({ queryKey: ME_QUERY_KEY, queryFn: ({ signal }) => getMe(signal), staleTime: 60_000 });
}

export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled: options.enabled ?? true });
}
