import type { HeldOrder } from '@app/contract/markets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';

export const HELD_ORDERS_QUERY_KEY = ['orders', 'held'] as const;

export function getHeldOrders(signal?: AbortSignal): Promise<HeldOrder[]> {
  return apiPost<HeldOrder[]>('/order/hold_list', {}, { signal });
}

export function heldOrdersQueryOptions() {
  return queryOptions({ queryKey: HELD_ORDERS_QUERY_KEY, queryFn: ({ signal }) => getHeldOrders(signal) });
}

/** Refreshed every few seconds for the current price and would-win-now of each open order. */
export function useHeldOrders(options: { enabled?: boolean; refetchIntervalMs?: number | false } = {}) {
  return useQuery({
    ...heldOrdersQueryOptions(),
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchIntervalMs ?? 3_000,
  });
}
