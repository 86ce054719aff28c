import type { Page } from '@app/contract/common';
import type { Order, OrderAccount, OrderDirection } from '@app/contract/markets';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { useTradingAccount } from '../../../lib/trading-account';

export const ORDERS_QUERY_KEY = ['orders', 'list'] as const;
export const ORDERS_PAGE_SIZE = 20;

export type SettledStatus = 'won' | 'lost' | 'tie' | 'void';
export interface OrderFilters {
  symbol?: string;
  status?: SettledStatus;
  direction?: OrderDirection;
  /** Issue 14: the practice orders; real ones when absent. */
  account?: OrderAccount;
}

export function getOrders(
  body: { page: number; pageSize: number } & OrderFilters,
  signal?: AbortSignal,
): Promise<Page<Order>> {
  return apiPost<Page<Order>>('/order/list', body, { signal });
}

function definedOnly(filters: OrderFilters): OrderFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

export function ordersQueryOptions(filters: OrderFilters = {}) {
  const body = definedOnly(filters);
  return infiniteQueryOptions({
    queryKey: [...ORDERS_QUERY_KEY, body],
    queryFn: ({ pageParam, signal }) => getOrders({ page: pageParam, pageSize: ORDERS_PAGE_SIZE, ...body }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export function useOrders(filters: OrderFilters = {}) {
  const account = useTradingAccount();
  return useInfiniteQuery(ordersQueryOptions({ ...filters, account: account === 'practice' ? account : undefined }));
}
