import type { Db } from '../../db/client.js';
import type { DomainEvents } from '../../domain-events.js';
import { EntryRecorder } from './entry-recorder.js';
import { EntryTickWatcher } from './entry-ticks.js';
import { OrderPlacer } from './order-placer.js';

/**
 * What order/create keeps between requests, one per app (the orders routes create it and close it
 * with the app): the batching placer, the watcher of entry ticks and the writer of entries. Held by
 * the app instead of module-level registries, so two apps in one process (tests, a worker and an
 * API) never share a queue, and closing an app stops its timers.
 */
export class OrderDesk {
  readonly placer: OrderPlacer;
  readonly entryTicks: EntryTickWatcher;
  readonly entries: EntryRecorder;
  /** In the process that runs the engine, a recorded tick wakes the entry watcher at once. */
  private readonly onTick = () => this.entryTicks.wake();

  constructor(
    readonly db: Db,
    private readonly events: DomainEvents,
    now: () => number = () => Date.now(),
  ) {
    this.placer = new OrderPlacer(db, now);
    this.entryTicks = new EntryTickWatcher(db);
    this.entries = new EntryRecorder(db);
    events.on('tick', this.onTick);
  }

  close(): void {
    this.events.off('tick', this.onTick);
    this.entryTicks.close();
  }
}
