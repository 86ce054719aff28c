import type { Order, OrderAccount } from '@app/contract/markets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { accountField, useTradingAccount } from '../../../lib/trading-account';

export const PRODUCT_ORDERS_QUERY_KEY = ['orders', 'product'] as const;

export function getProductOrders(
  symbol: string,
  signal?: AbortSignal,
  account: OrderAccount = 'real',
): Promise<Order[]> {
  return apiPost<Order[]>('/product/orders', { symbol, ...accountField(account) }, { signal });
}

export function productOrdersQueryOptions(symbol: string, account: OrderAccount = 'real') {
  return queryOptions({
    queryKey: [...PRODUCT_ORDERS_QUERY_KEY, symbol, account],
    queryFn: ({ signal }) => getProductOrders(symbol, signal, account),
    meta: { silent: true },
  });
}

export function useProductOrders(symbol: string, enabled: boolean) {
  const account = useTradingAccount();
  return useQuery({ ...productOrdersQueryOptions(symbol, account), enabled: enabled && symbol !== '' });
}
