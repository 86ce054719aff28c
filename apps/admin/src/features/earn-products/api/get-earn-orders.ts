import type { Page } from '@app/contract/common';
import type { AdminWealthOrder, WealthOrderStatus } from '@app/contract/wealth';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const EARN_ORDERS_QUERY_KEY = ['earn-orders'] as const;

export interface EarnOrderListParams {
  status?: WealthOrderStatus;
  productId?: string;
  userId?: string;
  page: number;
  pageSize: number;
}

export function getEarnOrders(params: EarnOrderListParams, signal?: AbortSignal): Promise<Page<AdminWealthOrder>> {
  return apiClient.get<Page<AdminWealthOrder>>('/wealth/orders', { query: { ...params }, signal });
}

export function earnOrdersQueryOptions(params: EarnOrderListParams) {
  return queryOptions({
    queryKey: [...EARN_ORDERS_QUERY_KEY, params],
    queryFn: ({ signal }) => getEarnOrders(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEarnOrders(params: EarnOrderListParams) {
  return useQuery(earnOrdersQueryOptions(params));
}
