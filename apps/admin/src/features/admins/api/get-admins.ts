import type { AdminProfile } from '@app/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const ADMINS_QUERY_KEY = ['admins'] as const;

export function getAdmins(signal?: AbortSignal): Promise<AdminProfile[]> {
  return apiClient.get<AdminProfile[]>('/admins', { signal });
}

export function adminsQueryOptions() {
  return queryOptions({ queryKey: ADMINS_QUERY_KEY, queryFn: ({ signal }) => getAdmins(signal) });
}

export function useAdmins(options: { enabled?: boolean } = {}) {
  return useQuery({ ...adminsQueryOptions(), enabled: options.enabled ?? true });
}
