import type { Page } from '@app/contract/common';
import { ERRORS } from '@app/contract/errors';
import type { HeldOrder, Order } from '@app/contract/markets';
import { type InfiniteData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api/api-error';
import { apiPost } from '../../../lib/api/client';
import { HELD_ORDERS_QUERY_KEY } from './get-held-orders';
import { ORDERS_QUERY_KEY } from './get-orders';
import { PRODUCT_ORDERS_QUERY_KEY } from './get-product-orders';

export const ORDER_DETAIL_QUERY_KEY = ['orders', 'detail'] as const;
export const orderQueryKey = (id: string) => [...ORDER_DETAIL_QUERY_KEY, id] as const;

/** The order as one of this device's order lists already holds it, to show before order/detail answers. */
function findCachedOrder(queryClient: QueryClient, id: string): Order | undefined {
  const held = queryClient.getQueryData<HeldOrder[]>(HELD_ORDERS_QUERY_KEY)?.find((order) => order.id === id);
  if (held) return held;
  for (const [, data] of queryClient.getQueriesData<Order[]>({ queryKey: PRODUCT_ORDERS_QUERY_KEY })) {
    const found = data?.find((order) => order.id === id);
    if (found) return found;
  }
  for (const [, data] of queryClient.getQueriesData<InfiniteData<Page<Order>>>({ queryKey: ORDERS_QUERY_KEY })) {
    const found = data?.pages.flatMap((page) => page.list).find((order) => order.id === id);
    if (found) return found;
  }
  return undefined;
}

/** How far an order has come: waiting for its entry, open with it, settled. An order never goes back. */
function progressOf(order: Order): number {
  if (order.status !== 'open') return 2;
  return order.entry ? 1 : 0;
}

/**
 * Keeps an order the screens were told of (order/create's answer, an `order` event on the socket) as
 * the order's detail, unless this device already holds a later state of it: the socket's entry (or
 * result) can come before order/create's answer, which is still "waiting for entry".
 */
export function rememberOrder(queryClient: QueryClient, order: Order): void {
  const known = queryClient.getQueryData<Order | null>(orderQueryKey(order.id));
  if (known && progressOf(known) > progressOf(order)) return;
  queryClient.setQueryData(orderQueryKey(order.id), order);
}

/** The user's own order; null when there is none with this number (unknown, someone else's, or not a number). */
export async function getOrder(id: string, signal?: AbortSignal): Promise<Order | null> {
  try {
    return await apiPost<Order>('/order/detail', { id }, { signal });
  } catch (error) {
    const isNoSuchOrder =
      isApiError(error) && (error.code === ERRORS.order_not_found.code || error.code === ERRORS.validation_failed.code);
    if (isNoSuchOrder) return null;
    throw error;
  }
}

export function useOrder(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: orderQueryKey(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    enabled: id !== '',
    initialData: () => findCachedOrder(queryClient, id),
    // A cached open order is re-read so its result shows once it settles.
    staleTime: (query) => (query.state.data?.status === 'open' ? 0 : 60_000),
  });
}
