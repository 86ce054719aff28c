import type { Order } from '@app/contract/markets';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useOrderEvents } from '../../../lib/realtime';
import { useIsSignedIn } from '../../../lib/session';
import { invalidateAfterOrder } from '../api/create-order';
import { ORDER_DETAIL_QUERY_KEY, orderQueryKey } from '../api/get-order';

/** Settlement runs within 1 s of the end time (DESIGN.md 6.4); ask shortly after, then once more. */
const REFETCH_AFTER_END_MS = [1_500, 4_000];

/**
 * Results appear without a reload: pushed order events update the caches at once; without the
 * socket, the lists are refetched just after each open order's end time.
 */
export function useOrderSync(deadlinesMs: readonly number[]): void {
  const queryClient = useQueryClient();
  const isSignedIn = useIsSignedIn();

  useOrderEvents((order: Order) => {
    queryClient.setQueryData(orderQueryKey(order.id), order);
    void invalidateAfterOrder(queryClient);
  }, isSignedIn);

  const key = [...deadlinesMs].sort((a, b) => a - b).join(',');
  useEffect(() => {
    if (!key) return;
    const now = Date.now();
    const timers = key
      .split(',')
      .map(Number)
      .flatMap((deadline) =>
        REFETCH_AFTER_END_MS.map((delay) =>
          setTimeout(
            () => {
              void invalidateAfterOrder(queryClient);
              void queryClient.invalidateQueries({ queryKey: ORDER_DETAIL_QUERY_KEY });
            },
            Math.max(0, deadline - now) + delay,
          ),
        ),
      );
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [key, queryClient]);
}
