import type { FlexibleSummary } from '@app/contract/flexible-earn';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const FLEXIBLE_EARN_QUERY_KEY = ['flexible-earn'] as const;

export function getFlexibleSummary(signal?: AbortSignal): Promise<FlexibleSummary> {
  return apiClient.get<FlexibleSummary>('/flexible-earn/summary', { signal });
}

export function flexibleSummaryQueryOptions() {
  return queryOptions({
    queryKey: [...FLEXIBLE_EARN_QUERY_KEY, 'summary'],
    queryFn: ({ signal }) => getFlexibleSummary(signal),
  });
}

export function useFlexibleSummary() {
  return useQuery(flexibleSummaryQueryOptions());
}
