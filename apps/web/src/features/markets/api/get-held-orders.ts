import type { HeldOrder, OrderAccount } from '@app/contract/markets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { accountField, useTradingAccount } from '../../../lib/trading-account';

export const HELD_ORDERS_QUERY_KEY = ['orders', 'held'] as const;

export function getHeldOrders(signal?: AbortSignal, account: OrderAccount = 'real'): Promise<HeldOrder[]> {
  return apiPost<HeldOrder[]>('/order/hold_list', accountField(account), { signal });
}

/** The open orders of one account (issue 14: real or practice, never mixed). */
export function heldOrdersQueryOptions(account: OrderAccount = 'real') {
  return queryOptions({
    queryKey: [...HELD_ORDERS_QUERY_KEY, account],
    queryFn: ({ signal }) => getHeldOrders(signal, account),
  });
}

/** Refreshed every few seconds for the current price and would-win-now of each open order. */
export function useHeldOrders(options: { enabled?: boolean; refetchIntervalMs?: number | false } = {}) {
  const account = useTradingAccount();
  return useQuery({
    ...heldOrdersQueryOptions(account),
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchIntervalMs ?? 3_000,
  });
}
