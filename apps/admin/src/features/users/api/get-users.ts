import type { AdminUser } from '@app/contract/admin';
import { pageQueryOptions } from '../../../lib/list-query';

export const USERS_QUERY_KEY = ['users'] as const;

export type UserListParams = {
  q?: string;
  status?: 'active' | 'disabled';
  page: number;
  pageSize: number;
};

export function usersQueryOptions(params: UserListParams) {
  return pageQueryOptions<AdminUser>([...USERS_QUERY_KEY, 'list'], '/users', params);
}
