import type { ServerMessage } from '@app/contract/realtime';
import type { Db } from '../../db/client.js';
import type { CandleValue } from '../markets/candles.js';
import type { TickEvent } from '../markets/engine.js';
import { formatPrice } from '../markets/prices.js';
import type { BusLog, CandleWire, MarketItem, RealtimeBus, UserItem } from './realtime.bus.js';
import type { SymbolCatalogue } from './realtime.catalogue.js';
import type { RealtimeHub } from './realtime.hub.js';

/** What the realtime plugin of one app holds; found by the app's database handle. */
export interface RealtimeInstance {
  hub: RealtimeHub;
  bus: RealtimeBus;
  catalogue: SymbolCatalogue;
  log: BusLog;
}

/**
 * Keyed by the app's `Db` so that other modules (and several apps in one test process) reach the
 * right bus without a global: `publishUserEvent(ctx.database.db, ...)`.
 */
const instances = new WeakMap<Db, RealtimeInstance>();

export function registerRealtime(db: Db, instance: RealtimeInstance): void {
  if (instances.has(db)) throw new Error('realtime: already registered for this database handle');
  instances.set(db, instance);
}

export function unregisterRealtime(db: Db): void {
  instances.delete(db);
}

/** The realtime side of the app built on this database handle (tests tune its limits through it). */
export function realtimeOf(db: Db): RealtimeInstance | undefined {
  return instances.get(db);
}

/**
 * Pushes a message to every socket the user has open, in every process (through the bus). Call it
 * after the transaction that made the change has committed, with the app's `Db` (not a `Tx`).
 * A no-op when no app with realtime runs on this handle (scripts, some tests).
 */
export async function publishUserEvent(db: Db, userId: number, message: ServerMessage): Promise<void> {
  const instance = instances.get(db);
  if (!instance) return;
  await instance.bus.publish({ kind: 'user', userId, message });
}

/**
 * Pushes a message to every socket, in every process, that joined the channel `key` (support: the
 * operators' inbox, a visitor's conversation). Same rules as `publishUserEvent`.
 */
export async function publishChannelEvent(db: Db, key: string, message: ServerMessage): Promise<void> {
  const instance = instances.get(db);
  if (!instance) return;
  await instance.bus.publish({ kind: 'channel', key, message });
}

const queued = new WeakMap<Db, UserItem[]>();

/**
 * Like `publishUserEvent`, without waiting: the messages queued in one turn of the event loop go out
 * together (`publishUserEvents`), so a burst of orders costs a few bus messages instead of one each.
 * A failure is logged; screens that missed a push catch up when they next load.
 */
export function queueUserEvent(db: Db, userId: number, message: ServerMessage): void {
  const instance = instances.get(db);
  if (!instance) return;
  const items = queued.get(db);
  if (items) {
    items.push({ userId, message });
    return;
  }
  queued.set(db, [{ userId, message }]);
  setImmediate(() => {
    const batch = queued.get(db) ?? [];
    queued.delete(db);
    publishUserEvents(db, batch).catch((error) => instance.log.error({ err: error }, 'realtime: user push failed'));
  });
}

/**
 * Pushes many users' messages at once (e.g. thousands of orders settled in one second): packed into
 * as few bus messages as fit the carrier, instead of one NOTIFY/PUBLISH each. Same rules as
 * `publishUserEvent`.
 */
export async function publishUserEvents(db: Db, items: readonly UserItem[]): Promise<void> {
  const instance = instances.get(db);
  if (!instance || items.length === 0) return;
  for (const chunk of chunkItems(items, instance.bus.payloadBytesMax)) {
    await instance.bus.publish({ kind: 'users', items: chunk });
  }
}

/**
 * Publishes ticks and their candle updates to every process. The realtime plugin already calls this
 * for every `tick` of the app's events, one batch per engine step; call it directly only for other sources.
 */
export async function publishMarketTicks(db: Db, events: readonly TickEvent[]): Promise<void> {
  const instance = instances.get(db);
  if (!instance || events.length === 0) return;
  const items = await toMarketItems(instance.catalogue, events);
  for (const chunk of chunkItems(items, instance.bus.payloadBytesMax)) {
    await instance.bus.publish({ kind: 'market', items: chunk });
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

export class TickBatcher {
  private pending: TickEvent[] = [];
  private isScheduled = false;

  constructor(
    private readonly db: Db,
    private readonly log: BusLog,
  ) {}

  readonly add = (event: TickEvent): void => {
    if (this.pending.length >= PENDING_TICKS_MAX) return;
    this.pending.push(event);
    if (this.isScheduled) return;
    this.isScheduled = true;
    setImmediate(() => {
      const events = this.pending;
      this.pending = [];
      this.isScheduled = false;
      publishMarketTicks(this.db, events).catch((error) =>
        this.log.error({ err: error }, 'realtime: publishing ticks failed'),
      );
    });
  };
}
