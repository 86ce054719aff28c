import type { CreateOrderRequest, Order } from '@app/contract/markets';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api/client';
import { BALANCES_QUERY_KEY } from '../../../lib/api/get-balances';
import { PRACTICE_BALANCE_QUERY_KEY } from '../../../lib/trading-account';
import { HELD_ORDERS_QUERY_KEY } from './get-held-orders';
import { PRODUCT_ORDERS_QUERY_KEY } from './get-product-orders';

export function createOrder({
  request,
  idempotencyKey,
}: {
  request: CreateOrderRequest;
  idempotencyKey: string;
}): Promise<Order> {
  return apiPost<Order>('/order/create', request, { idempotencyKey });
}

/** After an order is placed or settled: positions, the product's orders and the balance change. */
export function invalidateAfterOrder(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: HELD_ORDERS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: PRODUCT_ORDERS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['orders', 'list'] }),
    queryClient.invalidateQueries({ queryKey: BALANCES_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: PRACTICE_BALANCE_QUERY_KEY }),
  ]).then(() => undefined);
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createOrder, onSuccess: () => invalidateAfterOrder(queryClient) });
}
