import type { SessionSummary } from '@app/contract/responsible-trading';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export const SESSION_SUMMARY_QUERY_KEY = ['user', 'responsible-session'] as const;

/** The session's numbers and its time limit; once the limit has run out the server ends the session (a 401). */
export function getSessionSummary(signal?: AbortSignal): Promise<SessionSummary> {
  return apiPost<SessionSummary>('/user/responsible/session', {}, { signal });
}

export function useSessionSummary(isEnabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: SESSION_SUMMARY_QUERY_KEY,
      queryFn: ({ signal }) => getSessionSummary(signal),
      enabled: isEnabled,
      staleTime: 60_000,
    }),
  );
}
