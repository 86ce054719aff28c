import type { HeldOrder, Order } from '@app/contract/markets';
import { useNow } from '../hooks/use-now';
import { entryDeadlines, useOrderSync } from '../hooks/use-order-sync';
import { PositionCard } from './position-card';

/**
 * When an open order ends. Held orders carry the server's secondsLeft, which is immune to a wrong
 * phone clock; other orders fall back to their end time.
 */
export function deadlineOf(order: Order | HeldOrder, fetchedAtMs: number): number {
  if ('secondsLeft' in order && fetchedAtMs > 0) return fetchedAtMs + order.secondsLeft * 1000;
  return Date.parse(order.endTime);
}

interface PositionListProps {
  orders: (Order | HeldOrder)[];
  fetchedAtMs: number;
  livePrices?: Record<string, string | null>;
}

export function PositionList({ orders, fetchedAtMs, livePrices }: PositionListProps) {
  const now = useNow(1_000, orders.length > 0);
  const deadlines = orders.map((order) => deadlineOf(order, fetchedAtMs));
  useOrderSync([...deadlines, ...orders.flatMap(entryDeadlines)]);
  return (
    <ul className="positions">
      {orders.map((order, index) => (
        <li key={order.id}>
          <PositionCard
            order={order}
            deadlineMs={deadlines[index] ?? 0}
            now={now}
            livePrice={livePrices?.[order.symbol]}
          />
        </li>
      ))}
    </ul>
  );
}
