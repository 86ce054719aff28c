import { type Order, orderAwaitsEntry } from '@app/contract/markets';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useOrderEvents } from '../../../lib/realtime';
import { useIsSignedIn } from '../../../lib/session';
import { invalidateAfterOrder } from '../api/create-order';
import { ORDER_DETAIL_QUERY_KEY, rememberOrder } from '../api/get-order';

/** Settlement runs within 1 s of the end time (DESIGN.md 6.4); ask shortly after, then once more. */
const REFETCH_AFTER_END_MS = [1_500, 4_000];
/** An order without its entry tick 5 s after acceptance is void (DESIGN.md 6.4). */
const ENTRY_WAIT_MS = 5_000;

/**
 * The moments to look again at an order waiting for its entry, for a screen without the socket: its
 * acceptance (the entry normally comes within a second) and its entry deadline (entry or void by then).
 * Pass them to `useOrderSync` with the end times.
 */
export function entryDeadlines(order: Order): number[] {
  if (!orderAwaitsEntry(order)) return [];
  const acceptedAt = Date.parse(order.createdAt);
  return [acceptedAt, acceptedAt + ENTRY_WAIT_MS];
}

/**
 * Entries and results appear without a reload: pushed `order` events (lib/realtime useOrderEvents:
 * the entry tick of an order order/create answered "waiting for entry", then its result) update the
 * caches at once; without the socket, the lists are refetched just after each deadline given (end
 * times, and `entryDeadlines` of the orders waiting for their entry).
 */
export function useOrderSync(deadlinesMs: readonly number[]): void {
  const queryClient = useQueryClient();
  const isSignedIn = useIsSignedIn();

  useOrderEvents((order: Order) => {
    rememberOrder(queryClient, order);
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
