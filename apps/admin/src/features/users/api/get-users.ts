import type { AdminUser } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const USERS_QUERY_KEY = ['users'] as const;

export interface UserListParams {
  q?: string;
  status?: 'active' | 'disabled';
  page: number;
  pageSize: number;
}

export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<Page<AdminUser>> {
  return apiClient.get<Page<AdminUser>>('/users', { query: { ...params }, signal });
}

export function usersQueryOptions(params: UserListParams) {
  return queryOptions({
    queryKey: [...USERS_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}
