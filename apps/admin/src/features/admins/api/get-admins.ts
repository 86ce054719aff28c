import type { AdminProfile } from '@app/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { wholeListQueryOptions } from '../../../lib/list-query';

export const ADMINS_QUERY_KEY = ['admins'] as const;

export function adminsQueryOptions() {
  return wholeListQueryOptions<AdminProfile>(ADMINS_QUERY_KEY, '/admins');
}

export function useAdmins(options: { enabled?: boolean } = {}) {
  return useQuery({ ...adminsQueryOptions(), enabled: options.enabled ?? true });
}
