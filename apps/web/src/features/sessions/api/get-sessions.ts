import type { UserSession } from '@app/contract/sessions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export const SESSIONS_QUERY_KEY = ['sessions'] as const;

export function getSessions(signal?: AbortSignal): Promise<UserSession[]> {
  return apiPost<UserSession[]>('/user/sessions', {}, { signal });
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: [...SESSIONS_QUERY_KEY, 'list'], queryFn: ({ signal }) => getSessions(signal) });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
