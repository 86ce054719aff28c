import type { ServerMessage } from '@app/contract/realtime';
import type pg from 'pg';
import type { Db } from '../../db/client.js';
import type { DomainEvents } from '../../domain-events.js';
import type { CandleValue } from '../markets/candles.js';
import { formatPrice } from '../markets/prices.js';
import type { TickEvent } from '../markets/tick-event.js';
import {
  type BusLog,
  type BusMessage,
  type CandleWire,
  createMemoryBus,
  createPostgresBus,
  createRedisBus,
  type MarketItem,
  type RealtimeBus,
  type UserItem,
} from './realtime.bus.js';
import { SymbolCatalogue } from './realtime.catalogue.js';

/** Where the bus runs: Redis when configured, else PostgreSQL's NOTIFY, else (PGlite) this process only. */
export interface BusCarrier {
  redisUrl: string | null;
  pool: pg.Pool | null;
}

export type PublisherLog = BusLog & { info(msg: string): void; debug(obj: unknown, msg: string): void };

/**
 * The one way a process pushes live events to sockets, in every process (through the bus). Created
 * and closed by its owner: the app (app.ts) or a worker process without HTTP (worker.ts). Publish
 * after the transaction that made the change has committed. A failure is logged; screens that missed
 * a push catch up when they next load.
 */
export class RealtimePublisher {
  /** This process's sockets (the hub), once the socket routes are up; none in a worker. */
  private receiver: ((message: BusMessage) => void) | null = null;
  /** Who else in this process hears what arrives (e.g. the session cache, told of ended sessions). */
  private readonly observers = new Set<(message: BusMessage) => void>();
  private queued: UserItem[] | null = null;

  private constructor(
    readonly bus: RealtimeBus,
    private readonly catalogue: SymbolCatalogue,
    private readonly log: BusLog,
  ) {}

  /**
   * `receives`: whether this process has sockets to hand received messages to (an API process);
   * a worker only publishes, and keeps no listening connection.
   */
  static async open(
    carrier: BusCarrier,
    db: Db,
    log: PublisherLog,
    { receives }: { receives: boolean },
  ): Promise<RealtimePublisher> {
    let publisher: RealtimePublisher | null = null;
    const receive = receives
      ? (message: BusMessage) => {
          for (const observe of publisher?.observers ?? []) observe(message);
          publisher?.receiver?.(message);
        }
      : null;
    const bus = carrier.redisUrl
      ? await createRedisBus(carrier.redisUrl, receive, log)
      : carrier.pool
        ? await createPostgresBus(carrier.pool, receive, log)
        : createMemoryBus(receive);
    publisher = new RealtimePublisher(bus, new SymbolCatalogue(db), log);
    return publisher;
  }

  /** Hands what any process publishes to this process's sockets (null: no longer). */
  deliverTo(receiver: ((message: BusMessage) => void) | null): void {
    this.receiver = receiver;
  }

  /** Also hands every received message to `observer` (must be quick and not throw); answers the function that stops it. */
  observe(observer: (message: BusMessage) => void): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** The product catalogue the socket routes also read (precision of a symbol). */
  get symbols(): SymbolCatalogue {
    return this.catalogue;
  }

  /** Pushes a message to every socket the user has open, in every process. */
  async publishUser(userId: number, message: ServerMessage): Promise<void> {
    await this.bus.publish({ kind: 'user', userId, message });
  }

  /** Pushes a message to every socket, in every process, that joined the channel `key` (support). */
  async publishChannel(key: string, message: ServerMessage): Promise<void> {
    await this.bus.publish({ kind: 'channel', key, message });
  }

  /**
   * Like `publishUser`, without waiting: the messages queued in one turn of the event loop go out
   * together (`publishUsers`), so a burst of orders costs a few bus messages instead of one each.
   */
  queueUser(userId: number, message: ServerMessage): void {
    if (this.queued) {
      this.queued.push({ userId, message });
      return;
    }
    this.queued = [{ userId, message }];
    setImmediate(() => {
      const batch = this.queued ?? [];
      this.queued = null;
      this.publishUsers(batch).catch((error) => this.log.error({ err: error }, 'realtime: user push failed'));
    });
  }

  /**
   * Pushes many users' messages at once (e.g. thousands of orders settled in one second): packed into
   * as few bus messages as fit the carrier, instead of one NOTIFY/PUBLISH each.
   */
  async publishUsers(items: readonly UserItem[]): Promise<void> {
    for (const chunk of chunkItems(items, this.bus.payloadBytesMax)) {
      await this.bus.publish({ kind: 'users', items: chunk });
    }
  }

  /** Publishes ticks and their candle updates to every process. */
  async publishTicks(events: readonly TickEvent[]): Promise<void> {
    if (events.length === 0) return;
    const items = await toMarketItems(this.catalogue, events);
    for (const chunk of chunkItems(items, this.bus.payloadBytesMax)) {
      await this.bus.publish({ kind: 'market', items: chunk });
    }
  }

  /**
   * Publishes the ticks the engine of this process records (`tick` events; only the leading
   * process has any), one batch per engine step. Answers the function that stops it.
   */
  followTicks(events: DomainEvents): () => void {
    const batcher = new TickBatcher((batch) =>
      this.publishTicks(batch).catch((error) => this.log.error({ err: error }, 'realtime: publishing ticks failed')),
    );
    events.on('tick', batcher.add);
    return () => events.off('tick', batcher.add);
  }

  /** Sends what is queued and closes the bus. */
  async close(): Promise<void> {
    this.receiver = null;
    await this.bus.close();
  }
}

async function toMarketItems(catalogue: SymbolCatalogue, events: readonly TickEvent[]): Promise<MarketItem[]> {
  const items: MarketItem[] = [];
  for (const event of events) {
    const precision = await catalogue.precisionOf(event.symbol);
    if (precision === undefined) continue;
    items.push({
      symbol: event.symbol,
      time: event.time.toISOString(),
      price: formatPrice(event.price, precision),
      candles: event.candles.map(({ interval, candle }) => ({ interval, candle: toCandleWire(candle, precision) })),
    });
  }
  return items;
}

/** A candle as sockets receive it: prices formatted to the product's precision. */
export function toCandleWire(candle: CandleValue, precision: number): CandleWire {
  return {
    time: candle.time,
    open: formatPrice(candle.open, precision),
    high: formatPrice(candle.high, precision),
    low: formatPrice(candle.low, precision),
    close: formatPrice(candle.close, precision),
    volume: candle.volume.toString(),
  };
}

/** Room for `{"kind":"market","items":[]}` (or `users`) around the items. */
const ENVELOPE_BYTES = 64;

/** Packs items into as few bus messages as fit the carrier's payload limit (NOTIFY: under 8000 bytes). */
export function chunkItems<T>(items: readonly T[], bytesMax: number): T[][] {
  if (!Number.isFinite(bytesMax)) return items.length > 0 ? [[...items]] : [];
  const chunks: T[][] = [];
  let current: T[] = [];
  let size = ENVELOPE_BYTES;
  for (const item of items) {
    const bytes = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (current.length > 0 && size + bytes > bytesMax) {
      chunks.push(current);
      current = [];
      size = ENVELOPE_BYTES;
    }
    // An item too large on its own still goes alone; the bus refuses it and logs.
    current.push(item);
    size += bytes;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** Ticks of one engine step arrive one by one, synchronously: collect them and publish once per step. */
const PENDING_TICKS_MAX = 10_000;

class TickBatcher {
  private pending: TickEvent[] = [];
  private isScheduled = false;

  constructor(private readonly publish: (events: TickEvent[]) => void) {}

  readonly add = (event: TickEvent): void => {
    if (this.pending.length >= PENDING_TICKS_MAX) return;
    this.pending.push(event);
    if (this.isScheduled) return;
    this.isScheduled = true;
    setImmediate(() => {
      const events = this.pending;
      this.pending = [];
      this.isScheduled = false;
      this.publish(events);
    });
  };
}
