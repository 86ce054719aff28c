import type { AdminUserSession, LoginHistoryPage } from '@app/contract/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

export function getUserSessions(id: string, signal?: AbortSignal): Promise<AdminUserSession[]> {
  return apiClient.get<AdminUserSession[]>(`/users/${encodeURIComponent(id)}/sessions`, { signal });
}

export function getUserLoginHistory(id: string, signal?: AbortSignal): Promise<LoginHistoryPage> {
  return apiClient.get<LoginHistoryPage>(`/users/${encodeURIComponent(id)}/login_history?page=1&pageSize=50`, {
    signal,
  });
}

export function userSessionsQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...USERS_QUERY_KEY, 'sessions', id],
    queryFn: ({ signal }) => getUserSessions(id, signal),
  });
}

export function userLoginHistoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...USERS_QUERY_KEY, 'login-history', id],
    queryFn: ({ signal }) => getUserLoginHistory(id, signal),
  });
}

export function useUserSessions(id: string) {
  return useQuery(userSessionsQueryOptions(id));
}

export function useUserLoginHistory(id: string) {
  return useQuery(userLoginHistoryQueryOptions(id));
}
