import type { AdminProduct } from '@app/contract/admin-markets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const PRODUCTS_QUERY_KEY = ['products'] as const;

export function getProducts(signal?: AbortSignal): Promise<AdminProduct[]> {
  return apiClient.get<AdminProduct[]>('/products', { signal });
}

export function productsQueryOptions() {
  return queryOptions({ queryKey: PRODUCTS_QUERY_KEY, queryFn: ({ signal }) => getProducts(signal) });
}

export function useProducts() {
  return useQuery(productsQueryOptions());
}
