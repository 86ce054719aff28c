import type { AdminPasskeys } from '@app/contract/passkeys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

/** How many passkeys the user has (issue 14; never a key). */
export function getUserPasskeys(id: string, signal?: AbortSignal): Promise<AdminPasskeys> {
  return apiClient.get<AdminPasskeys>(`/users/${encodeURIComponent(id)}/passkeys`, { signal });
}

export function useUserPasskeys(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...USERS_QUERY_KEY, 'passkeys', id],
      queryFn: ({ signal }) => getUserPasskeys(id, signal),
    }),
  );
}
