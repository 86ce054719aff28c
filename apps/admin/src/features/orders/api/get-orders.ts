import type { AdminOrder } from '@app/contract/admin-markets';
import type { OrderDirection, OrderStatus } from '@app/contract/markets';
import { pageQueryOptions } from '../../../lib/list-query';

export const ORDERS_QUERY_KEY = ['orders'] as const;

export type OrderListParams = {
  userId?: string;
  symbol?: string;
  status?: OrderStatus;
  direction?: OrderDirection;
  page: number;
  pageSize: number;
};

export function ordersQueryOptions(params: OrderListParams) {
  return pageQueryOptions<AdminOrder>([...ORDERS_QUERY_KEY, 'list'], '/orders', params);
}
