import type { ResponsibleState } from '@app/contract/responsible-trading';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

/** The user's own limits and exclusion (issue 14): read-only, there is no route that changes them. */
export function getUserResponsible(id: string, signal?: AbortSignal): Promise<ResponsibleState> {
  return apiClient.get<ResponsibleState>(`/users/${encodeURIComponent(id)}/responsible`, { signal });
}

export function useUserResponsible(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...USERS_QUERY_KEY, 'responsible', id],
      queryFn: ({ signal }) => getUserResponsible(id, signal),
    }),
  );
}
