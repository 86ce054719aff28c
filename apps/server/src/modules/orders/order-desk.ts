import type { Db } from '../../db/client.js';
import type { DomainEvents } from '../../domain-events.js';
import type { BusMessage } from '../realtime/realtime.bus.js';
import { EntryRecorder } from './entry-recorder.js';
import { EntryTickWatcher } from './entry-ticks.js';
import { OrderPlacer } from './order-placer.js';
import type { OrderRow } from './order-rows.js';
import { ENTRY_WAIT_MS } from './settlement.js';
import { voidOrder } from './settling.js';

/** How long past the entry deadline this process keeps looking before it gives up and voids. */
const GIVE_UP_GRACE_MS = 500;

interface DeskLog {
  error: (obj: unknown, msg: string) => void;
}

/**
 * What order/create keeps between requests, one per app (the orders routes create it and close it
 * with the app): the batching placer, the watcher of entry ticks and the writer of entries. Held by
 * the app instead of module-level registries, so two apps in one process (tests, a worker and an
 * API) never share a queue, and closing an app stops its timers.
 *
 * order/create answers at acceptance (DESIGN.md 6.4); the desk then follows each accepted order to
 * its entry in the background (`follow`): the first tick recorded strictly after acceptance is
 * written on the order and told as `orderEntered`; none within 5 s voids the order (`orderSettled`).
 * Should this process stop or die first, the settlement worker's sweep (settling.ts
 * `decideMissedEntries`) records the entry or voids, from the same recorded ticks.
 */
export class OrderDesk {
  readonly placer: OrderPlacer;
  readonly entryTicks: EntryTickWatcher;
  readonly entries: EntryRecorder;
  /** Orders followed to their entry right now (awaited by `close`). */
  private readonly following = new Set<Promise<void>>();
  private isClosed = false;
  private readonly log: DeskLog;
  /** In the process that runs the engine, a recorded tick wakes the entry watcher at once. */
  private readonly onTick = () => this.entryTicks.wake();
  private readonly stopObservingBus: () => void;

  constructor(
    readonly db: Db,
    private readonly events: DomainEvents,
    now: () => number = () => Date.now(),
    /** The platform's time zone: the days, weeks and months of the users' own limits. */
    timeZone = 'UTC',
    options: {
      /**
       * The bus's received messages (RealtimePublisher.observe): in an API process without the
       * engine, a tick told over the fan-out wakes the entry watcher as the engine's own tick does.
       */
      observeBus?: (observer: (message: BusMessage) => void) => () => void;
      log?: DeskLog;
    } = {},
  ) {
    this.placer = new OrderPlacer(db, now, timeZone);
    this.entryTicks = new EntryTickWatcher(db);
    this.entries = new EntryRecorder(db);
    this.log = options.log ?? { error: () => {} };
    events.on('tick', this.onTick);
    this.stopObservingBus =
      options.observeBus?.((message) => {
        if (message.kind === 'market') this.entryTicks.wake();
      }) ?? (() => {});
  }

  /** Follows an accepted order to its entry tick (or its void) without holding up the answer. */
  follow(row: OrderRow): void {
    if (this.isClosed) return;
    const task: Promise<void> = this.followEntry(row)
      .catch((error) => this.log.error({ err: error, orderId: row.id }, 'order entry failed; settlement decides it'))
      .finally(() => this.following.delete(task));
    this.following.add(task);
  }

  /** Stops following: orders still without an entry are left to the settlement worker's sweep. */
  async close(): Promise<void> {
    this.isClosed = true;
    this.events.off('tick', this.onTick);
    this.stopObservingBus();
    this.entryTicks.close();
    await Promise.allSettled([...this.following]);
  }

  private async followEntry(row: OrderRow): Promise<void> {
    const acceptedAtMs = row.acceptedAt.getTime();
    const entry = await this.entryTicks.wait({
      symbol: row.symbol,
      after: row.acceptedAt,
      latestMs: acceptedAtMs + ENTRY_WAIT_MS,
      giveUpAtMs: acceptedAtMs + ENTRY_WAIT_MS + GIVE_UP_GRACE_MS,
    });
    // Closing answers every waiter "none": that is no verdict, the sweep gives it from the ticks.
    if (this.isClosed) return;
    if (entry) {
      const withEntry = await this.entries.record(row.id, entry);
      // null: the order already had its entry or was settled (by the sweep or settlement): told there.
      if (withEntry) this.events.emit('orderEntered', { row: withEntry });
      return;
    }
    // No entry tick in time: the order is void now (stake and fee back), not at its end. voidOrder
    // looks at the ticks again under the row's lock and records the entry instead if one is in.
    const decided = await voidOrder(this.db, row.id);
    if (!decided) return;
    if (decided.status === 'open') this.events.emit('orderEntered', { row: decided });
    else this.events.emit('orderSettled', { row: decided });
  }
}
