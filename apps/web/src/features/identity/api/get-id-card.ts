import type { IdCardStatus } from '@app/contract/kyc';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

export const ID_CARD_QUERY_KEY = ['identity', 'idcard'] as const;

export function getIdCard(signal?: AbortSignal): Promise<IdCardStatus> {
  return apiGet<IdCardStatus>('/user/idcard', { signal });
}

export function idCardQueryOptions() {
  return queryOptions({ queryKey: ID_CARD_QUERY_KEY, queryFn: ({ signal }) => getIdCard(signal) });
}

export function useIdCard() {
  return useQuery(idCardQueryOptions());
}
