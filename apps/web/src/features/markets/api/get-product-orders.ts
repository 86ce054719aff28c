import type { Order } from '@app/contract/markets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export const PRODUCT_ORDERS_QUERY_KEY = ['orders', 'product'] as const;

export function getProductOrders(symbol: string, signal?: AbortSignal): Promise<Order[]> {
  return apiPost<Order[]>('/product/orders', { symbol }, { signal });
}

export function productOrdersQueryOptions(symbol: string) {
  return queryOptions({
    queryKey: [...PRODUCT_ORDERS_QUERY_KEY, symbol],
    queryFn: ({ signal }) => getProductOrders(symbol, signal),
    meta: { silent: true },
  });
}

export function useProductOrders(symbol: string, enabled: boolean) {
  return useQuery({ ...productOrdersQueryOptions(symbol), enabled: enabled && symbol !== '' });
}
