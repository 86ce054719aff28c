import type { Db } from '../../db/client.js';
import type { DomainEvents } from '../../domain-events.js';
import type { MarketStreamConfig } from '../markets/price-source.js';
import type { RealtimePublisher } from '../realtime/realtime.publish.js';
import type { OrderRow } from './order-rows.js';
import { toOrders } from './reading.js';

/** Settled orders waiting for their push; beyond this the bus is not keeping up and screens refetch. */
const PENDING_PUSHES_MAX = 50_000;

/**
 * Settled orders, and orders whose entry tick was recorded after order/create answered, reach their
 * owners' screens live as `{ type: 'order' }`, in whichever process their socket is: wherever a
 * settlement worker or an order desk runs (the app's process or a worker process), this follows their
 * `orderSettled` and `orderEntered` events. A worker settles hundreds at once: they are collected and pushed together (one read of the
 * products, as few bus messages as fit), so the worker never waits for the pushes. Answers the
 * function that stops it.
 */
export function pushSettledOrders(
  db: Db,
  events: DomainEvents,
  realtime: RealtimePublisher,
  marketStream: MarketStreamConfig | null,
  log: { error(obj: unknown, msg: string): void },
): () => void {
  let pending: OrderRow[] = [];
  const pushPending = async () => {
    const rows = pending;
    pending = [];
    // A push has no request: English names, with productNameI18n for the app to show its language.
    const list = await toOrders(db, rows, marketStream, 'en');
    await realtime.publishUsers(
      list.map((order, i) => ({ userId: rows[i]!.userId, message: { type: 'order' as const, order } })),
    );
  };
  const onOrderChanged = (event: { row: OrderRow }) => {
    if (pending.length >= PENDING_PUSHES_MAX) return;
    pending.push(event.row);
    if (pending.length > 1) return;
    setImmediate(() => pushPending().catch((error) => log.error({ err: error }, 'order push failed')));
  };
  events.on('orderSettled', onOrderChanged);
  events.on('orderEntered', onOrderChanged);
  return () => {
    events.off('orderSettled', onOrderChanged);
    events.off('orderEntered', onOrderChanged);
  };
}
