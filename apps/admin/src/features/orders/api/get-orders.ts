import type { AdminOrder } from '@app/contract/admin-markets';
import type { Page } from '@app/contract/common';
import type { OrderDirection, OrderStatus } from '@app/contract/markets';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const ORDERS_QUERY_KEY = ['orders'] as const;

export interface OrderListParams {
  userId?: string;
  symbol?: string;
  status?: OrderStatus;
  direction?: OrderDirection;
  page: number;
  pageSize: number;
}

export function getOrders(params: OrderListParams, signal?: AbortSignal): Promise<Page<AdminOrder>> {
  return apiClient.get<Page<AdminOrder>>('/orders', { query: { ...params }, signal });
}

export function ordersQueryOptions(params: OrderListParams) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'list', params],
    queryFn: ({ signal }) => getOrders(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrders(params: OrderListParams) {
  return useQuery(ordersQueryOptions(params));
}
