import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { DomainEvents } from './domain-events.js';
import { pushSettledOrders } from './modules/orders/settled-order-push.js';
import type { RealtimePublisher } from './modules/realtime/realtime.publish.js';

/**
 * What this process's background work tells every process's sockets: the ticks its engine records
 * (only the leading engine records any) and the orders its settlement worker settles. Started by the
 * app (ROLE=all and api) or by a worker process without HTTP (ROLE=worker); answers the stop.
 */
export function startLivePushes(deps: {
  db: Db;
  events: DomainEvents;
  realtime: RealtimePublisher;
  config: Pick<Config, 'marketStream'>;
  log: { error(obj: unknown, msg: string): void };
}): () => void {
  const { db, events, realtime, config, log } = deps;
  const stopTicks = realtime.followTicks(events);
  const stopSettled = pushSettledOrders(db, events, realtime, config.marketStream, log);
  return () => {
    stopTicks();
    stopSettled();
  };
}
