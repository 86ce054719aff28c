import type { WealthProduct } from '@app/contract/wealth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

/** Every query of locked deposits starts with this key, so a purchase refreshes them all at once. */
export const WEALTH_QUERY_KEY = ['wealth'] as const;
export const WEALTH_PRODUCTS_QUERY_KEY = [...WEALTH_QUERY_KEY, 'products'] as const;

export function getWealthProducts(signal?: AbortSignal): Promise<WealthProduct[]> {
  return apiPost<WealthProduct[]>('/wealth/getList', {}, { signal });
}

export function wealthProductsQueryOptions() {
  return queryOptions({ queryKey: WEALTH_PRODUCTS_QUERY_KEY, queryFn: ({ signal }) => getWealthProducts(signal) });
}

export function useWealthProducts() {
  return useQuery(wealthProductsQueryOptions());
}
