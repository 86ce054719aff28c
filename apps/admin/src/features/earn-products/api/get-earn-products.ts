import type { AdminWealthProduct } from '@app/contract/wealth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const EARN_PRODUCTS_QUERY_KEY = ['earn-products'] as const;

export function getEarnProducts(signal?: AbortSignal): Promise<AdminWealthProduct[]> {
  return apiClient.get<AdminWealthProduct[]>('/wealth/products', { signal });
}

export function earnProductsQueryOptions() {
  return queryOptions({ queryKey: EARN_PRODUCTS_QUERY_KEY, queryFn: ({ signal }) => getEarnProducts(signal) });
}

export function useEarnProducts() {
  return useQuery(earnProductsQueryOptions());
}
