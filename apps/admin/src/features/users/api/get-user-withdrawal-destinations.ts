import type { AdminWithdrawalDestinations } from '@app/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

/** Issue 14: the user's card and addresses with their bound-at times and cooldowns, and the protection setting. */
export function getUserWithdrawalDestinations(id: string, signal?: AbortSignal): Promise<AdminWithdrawalDestinations> {
  return apiClient.get<AdminWithdrawalDestinations>(`/users/${encodeURIComponent(id)}/withdrawal_destinations`, {
    signal,
  });
}

export function useUserWithdrawalDestinations(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...USERS_QUERY_KEY, 'withdrawal-destinations', id],
      queryFn: ({ signal }) => getUserWithdrawalDestinations(id, signal),
    }),
  );
}
