import type { LiabilityList } from '@app/contract/fair-liabilities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

export const LIABILITIES_QUERY_KEY = ['fair', 'liabilities'] as const;
/** As many days as the list offers: the proof is held against its day's published root among them. */
export const LIABILITIES_LIMIT = 100;

/** The published days (public): root, total, leaves and the books' total of each. */
export function getLiabilities(signal?: AbortSignal): Promise<LiabilityList> {
  return apiGet<LiabilityList>(`/fair/liabilities?limit=${LIABILITIES_LIMIT}`, { signal });
}

export function liabilitiesQueryOptions() {
  return queryOptions({ queryKey: LIABILITIES_QUERY_KEY, queryFn: ({ signal }) => getLiabilities(signal) });
}

export function useLiabilities() {
  return useQuery(liabilitiesQueryOptions());
}
