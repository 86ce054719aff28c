import type { TwoFactorStatus } from '@app/contract/two-factor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export const TWO_FACTOR_STATUS_QUERY_KEY = ['user', 'two-factor'] as const;

export function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiPost<TwoFactorStatus>('/user/two_factor/status', {}, { signal });
}

export function useTwoFactorStatus() {
  return useQuery(
    queryOptions({ queryKey: TWO_FACTOR_STATUS_QUERY_KEY, queryFn: ({ signal }) => getTwoFactorStatus(signal) }),
  );
}
