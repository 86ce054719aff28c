import type { AdminOrder } from '@app/contract/admin-markets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { ORDERS_QUERY_KEY } from './get-orders';

export function getOrder(id: string, signal?: AbortSignal): Promise<AdminOrder> {
  return apiClient.get<AdminOrder>(`/orders/${encodeURIComponent(id)}`, { signal });
}

export function orderQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => getOrder(id, signal),
  });
}

export function useOrder(id: string | null) {
  return useQuery({ ...orderQueryOptions(id ?? ''), enabled: id !== null });
}
