import type { Page } from '@app/contract/common';
import type { HeldOrder, Order } from '@app/contract/markets';
import { type InfiniteData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { getHeldOrders, HELD_ORDERS_QUERY_KEY } from './get-held-orders';
import { getOrders, ORDERS_QUERY_KEY } from './get-orders';
import { PRODUCT_ORDERS_QUERY_KEY } from './get-product-orders';

/** Pages of order/list searched for an order that is in no cache (a deep link), 100 each. */
const SEARCH_PAGES_MAX = 5;

/**
 * There is no single-order endpoint: the order comes from a list already on this device, else
 * from hold_list (open orders), else from the newest pages of order/list.
 */
export function findCachedOrder(queryClient: QueryClient, id: string): Order | undefined {
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

export async function fetchOrder(id: string, signal?: AbortSignal): Promise<Order | null> {
  const held = (await getHeldOrders(signal)).find((order) => order.id === id);
  if (held) return held;
  for (let page = 1; page <= SEARCH_PAGES_MAX; page += 1) {
    const result = await getOrders({ page, pageSize: 100 }, signal);
    const found = result.list.find((order) => order.id === id);
    if (found) return found;
    if (page * result.pageSize >= result.total) break;
  }
  return null;
}

export function useOrder(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['orders', 'detail', id] as const,
    queryFn: ({ signal }) => fetchOrder(id, signal),
    enabled: id !== '',
    initialData: () => findCachedOrder(queryClient, id),
    // A cached open order is re-read so its result shows once it settles.
    staleTime: (query) => (query.state.data?.status === 'open' ? 0 : 60_000),
  });
}
