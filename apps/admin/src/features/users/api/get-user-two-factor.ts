import type { TwoFactorStatus } from '@app/contract/two-factor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

/** Whether the user's TOTP is on (never the secret). */
export function getUserTwoFactor(id: string, signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiClient.get<TwoFactorStatus>(`/users/${encodeURIComponent(id)}/two_factor`, { signal });
}

export function useUserTwoFactor(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...USERS_QUERY_KEY, 'two-factor', id],
      queryFn: ({ signal }) => getUserTwoFactor(id, signal),
    }),
  );
}
