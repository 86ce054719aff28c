import type { WealthProduct } from '@app/contract/wealth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';
import { WEALTH_PRODUCTS_QUERY_KEY } from './get-wealth-products';

export function getWealthProduct(id: string, signal?: AbortSignal): Promise<WealthProduct> {
  return apiGet<WealthProduct>(`/wealth/details?id=${encodeURIComponent(id)}`, { signal });
}

export function wealthProductQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...WEALTH_PRODUCTS_QUERY_KEY, id],
    queryFn: ({ signal }) => getWealthProduct(id, signal),
  });
}

export function useWealthProduct(id: string) {
  return useQuery({ ...wealthProductQueryOptions(id), enabled: id !== '' });
}
