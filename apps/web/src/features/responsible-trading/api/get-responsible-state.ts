import type { ResponsibleState } from '@app/contract/responsible-trading';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export const RESPONSIBLE_STATE_QUERY_KEY = ['user', 'responsible'] as const;

export function getResponsibleState(signal?: AbortSignal): Promise<ResponsibleState> {
  return apiPost<ResponsibleState>('/user/responsible', {}, { signal });
}

export function useResponsibleState() {
  return useQuery(
    queryOptions({ queryKey: RESPONSIBLE_STATE_QUERY_KEY, queryFn: ({ signal }) => getResponsibleState(signal) }),
  );
}

/** A change answers the new state: the screen shows it at once, and the reality check reads its interval again. */
export function storeResponsibleState(queryClient: QueryClient, state: ResponsibleState): void {
  queryClient.setQueryData(RESPONSIBLE_STATE_QUERY_KEY, state);
  void queryClient.invalidateQueries({ queryKey: ['user', 'responsible-session'] });
}
