import type { AdminWealthOrder, WealthOrderStatus } from '@app/contract/wealth';
import { pageQueryOptions } from '../../../lib/list-query';

export const EARN_ORDERS_QUERY_KEY = ['earn-orders'] as const;

export type EarnOrderListParams = {
  status?: WealthOrderStatus;
  productId?: string;
  userId?: string;
  page: number;
  pageSize: number;
};

export function earnOrdersQueryOptions(params: EarnOrderListParams) {
  return pageQueryOptions<AdminWealthOrder>(EARN_ORDERS_QUERY_KEY, '/wealth/orders', params);
}
