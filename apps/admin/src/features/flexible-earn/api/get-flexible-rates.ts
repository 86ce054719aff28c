import type { Page } from '@app/contract/common';
import type { FlexibleRate } from '@app/contract/flexible-earn';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import type { Paging } from '../../../lib/list-params';
import { FLEXIBLE_EARN_QUERY_KEY } from './get-flexible-summary';

export function getFlexibleRates(params: Paging, signal?: AbortSignal): Promise<Page<FlexibleRate>> {
  return apiClient.get<Page<FlexibleRate>>('/flexible-earn/rates', { query: { ...params }, signal });
}

export function flexibleRatesQueryOptions(params: Paging) {
  return queryOptions({
    queryKey: [...FLEXIBLE_EARN_QUERY_KEY, 'rates', params],
    queryFn: ({ signal }) => getFlexibleRates(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFlexibleRates(params: Paging) {
  return useQuery(flexibleRatesQueryOptions(params));
}
