import type { AdminUser } from '@app/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

export function getUser(id: string, signal?: AbortSignal): Promise<AdminUser> {
  return apiClient.get<AdminUser>(`/users/${encodeURIComponent(id)}`, { signal });
}

export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...USERS_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => getUser(id, signal),
  });
}

export function useUser(id: string | null) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: id !== null });
}
