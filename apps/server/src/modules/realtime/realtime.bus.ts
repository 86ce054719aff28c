import type { ServerMessage } from '@app/contract/realtime';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { redisOutageLog } from '../../lib/redis-outage-log.js';

/**
 * The bus carries live events between processes (DESIGN.md 1): the engine's process publishes, every
 * API process receives and forwards to its own sockets. Three carriers, one interface: PostgreSQL
 * LISTEN/NOTIFY, Redis pub/sub, and a direct call when there is only this process (PGlite).
 * Delivery is at most once: a receiver that is reconnecting misses what was sent meanwhile, which is
 * fine for ticks (the next one comes within a second) and for order events (screens refetch).
 */

/** A tick of one symbol with the candles it changed, already formatted for the wire. */
export interface MarketItem {
  symbol: string;
  time: string;
  price: string;
  candles: Array<{ interval: string; candle: CandleWire }>;
}

export interface CandleWire {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export type BusMessage =
  | { kind: 'market'; items: MarketItem[] }
  | { kind: 'user'; userId: number; message: ServerMessage }
  /** Many users' messages in one carrier message (a burst of order settlements). */
  | { kind: 'users'; items: UserItem[] }
  /** A message for the sockets that joined a named channel (support inbox, a visitor's conversation). */
  | { kind: 'channel'; key: string; message: ServerMessage };

export interface UserItem {
  userId: number;
  message: ServerMessage;
}

export interface RealtimeBus {
  readonly name: 'postgres' | 'redis' | 'memory';
  /** The largest serialised message the carrier takes; publishers split market batches to fit. */
  readonly payloadBytesMax: number;
  publish(message: BusMessage): Promise<void>;
  close(): Promise<void>;
}

export interface BusLog {
  warn: (obj: unknown, msg: string) => void;
  error: (obj: unknown, msg: string) => void;
}

type Receive = (message: BusMessage) => void;
/** What a bus hands received messages to; null for a process that only publishes (ROLE=worker: no sockets). */
export type Receiver = Receive | null;

const CHANNEL = 'vela_realtime';
/** NOTIFY refuses payloads of 8000 bytes or more. */
const PG_PAYLOAD_BYTES_MAX = 7_900;
const REDIS_PAYLOAD_BYTES_MAX = 512 * 1024;
/** Payloads waiting for their NOTIFY/PUBLISH; beyond this the carrier is not keeping up and we drop. */
const PUBLISH_QUEUE_MAX = 1_000;
const RECONNECT_DELAY_MS_MIN = 500;
const RECONNECT_DELAY_MS_MAX = 10_000;

export function parseBusMessage(payload: string): BusMessage | null {
  try {
    const value = JSON.parse(payload) as BusMessage;
    if (
      value &&
      (value.kind === 'market' || value.kind === 'user' || value.kind === 'users' || value.kind === 'channel')
    )
      return value;
  } catch {}
  return null;
}

/** Publishes in order, one at a time, with a bounded queue: a stuck carrier costs dropped events, not memory. */
class OrderedSender {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;
  private droppedSinceWarn = 0;
  /** Failed sends in a row: the first is logged, the rest counted until one goes through again. */
  private failuresInARow = 0;

  constructor(
    private readonly send: (payload: string) => Promise<unknown>,
    private readonly log: BusLog,
    private readonly busName: string,
  ) {}

  enqueue(payload: string): Promise<void> {
    if (this.pending >= PUBLISH_QUEUE_MAX) {
      if (this.droppedSinceWarn++ === 0) this.log.warn({ bus: this.busName }, 'realtime bus: queue full, dropping');
      return Promise.resolve();
    }
    this.droppedSinceWarn = 0;
    this.pending += 1;
    const run = this.tail.then(() =>
      this.send(payload).then(
        () => {
          if (this.failuresInARow === 0) return;
          this.log.warn({ bus: this.busName, failed: this.failuresInARow }, 'realtime bus: publishing again');
          this.failuresInARow = 0;
        },
        (error) => {
          // A bus that is down fails every tick of every product: one line per outage, not per event.
          if (this.failuresInARow++ === 0) {
            this.log.error({ err: error, bus: this.busName }, 'realtime bus: publish failed');
          }
        },
      ),
    );
    this.tail = run.finally(() => {
      this.pending -= 1;
    });
    return this.tail;
  }

  drain(): Promise<void> {
    return this.tail;
  }
}

function serialise(message: BusMessage, bytesMax: number, log: BusLog): string | null {
  const payload = JSON.stringify(message);
  if (Buffer.byteLength(payload) > bytesMax) {
    log.error({ kind: message.kind, bytes: Buffer.byteLength(payload) }, 'realtime bus: message too large, dropped');
    return null;
  }
  return payload;
}

/** One process: a direct call, no serialisation. */
export function createMemoryBus(receive: Receiver): RealtimeBus {
  let closed = false;
  return {
    name: 'memory',
    payloadBytesMax: Number.POSITIVE_INFINITY,
    async publish(message) {
      if (!closed) receive?.(message);
    },
    async close() {
      closed = true;
    },
  };
}

/**
 * PostgreSQL: NOTIFY through any pooled connection; LISTEN on one connection taken from the pool and
 * kept for the app's life, replaced with back-off when it breaks.
 */
export async function createPostgresBus(pool: pg.Pool, receive: Receiver, log: BusLog): Promise<RealtimeBus> {
  let closed = false;
  let listener: pg.PoolClient | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let delayMs = RECONNECT_DELAY_MS_MIN;

  const onNotification = (n: pg.Notification) => {
    if (n.channel !== CHANNEL || !n.payload) return;
    const message = parseBusMessage(n.payload);
    if (message) receive?.(message);
  };

  const drop = (client: pg.PoolClient, error?: Error) => {
    if (listener !== client) return;
    listener = null;
    client.removeListener('notification', onNotification);
    client.release(error ?? true);
    if (closed) return;
    log.warn({ err: error }, 'realtime bus: LISTEN connection lost, reconnecting');
    retryTimer = setTimeout(() => void listen().catch(() => {}), delayMs);
    delayMs = Math.min(delayMs * 2, RECONNECT_DELAY_MS_MAX);
  };

  const listen = async () => {
    retryTimer = null;
    if (closed) return;
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      if (closed) return;
      log.warn({ err: error }, 'realtime bus: cannot connect for LISTEN, retrying');
      retryTimer = setTimeout(() => void listen().catch(() => {}), delayMs);
      delayMs = Math.min(delayMs * 2, RECONNECT_DELAY_MS_MAX);
      return;
    }
    listener = client;
    client.on('notification', onNotification);
    client.on('error', (error) => drop(client, error));
    client.on('end', () => drop(client));
    try {
      await client.query(`LISTEN ${CHANNEL}`);
      delayMs = RECONNECT_DELAY_MS_MIN;
    } catch (error) {
      drop(client, error as Error);
    }
  };

  // Only a process with sockets listens; a publisher alone keeps no connection for it.
  if (receive) await listen();
  const sender = new OrderedSender(
    (payload) => pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]),
    log,
    'postgres',
  );
  return {
    name: 'postgres',
    payloadBytesMax: PG_PAYLOAD_BYTES_MAX,
    async publish(message) {
      if (closed) return;
      const payload = serialise(message, PG_PAYLOAD_BYTES_MAX, log);
      if (payload !== null) await sender.enqueue(payload);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await sender.drain();
      const client = listener;
      listener = null;
      if (client) {
        client.removeListener('notification', onNotification);
        await client.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
        client.release();
      }
    },
  };
}

/** Redis: a publishing connection and a subscribed one (a subscribed connection can do nothing else). */
export async function createRedisBus(
  url: string,
  receive: Receiver,
  log: BusLog & { info(msg: string): void; debug(obj: unknown, msg: string): void },
): Promise<RealtimeBus> {
  const options = { maxRetriesPerRequest: 1, lazyConnect: true };
  // Live events are of the moment: while Redis is away a publish fails at once instead of queueing.
  const publisher = new Redis(url, { ...options, enableOfflineQueue: false });
  // Only a process with sockets subscribes.
  const subscriber = receive ? new Redis(url, options) : null;
  // ioredis reconnects (and resubscribes) on its own; errors are logged once per outage, never thrown.
  const outage = redisOutageLog(log, {
    down: 'realtime bus: redis unavailable, live events pause until it returns',
    stillDown: 'realtime bus: redis still unavailable',
    up: 'realtime bus: redis available again',
  });
  for (const client of subscriber ? [publisher, subscriber] : [publisher]) {
    client.on('error', (error) => outage.down(error));
    client.on('ready', () => outage.up());
  }
  if (subscriber && receive) {
    subscriber.on('message', (channel: string, payload: string) => {
      if (channel !== CHANNEL) return;
      const message = parseBusMessage(payload);
      if (message) receive(message);
    });
    // A Redis that is away at start must not stop the start: the clients keep reconnecting, and the
    // subscription is made on the first 'ready' (ioredis renews it by itself on later reconnects).
    let isSubscribed = false;
    subscriber.on('ready', () => {
      if (isSubscribed) return;
      subscriber.subscribe(CHANNEL).then(
        () => {
          isSubscribed = true;
        },
        (error: unknown) => outage.down(error),
      );
    });
  }
  await Promise.allSettled([publisher.connect(), subscriber?.connect()]);
  const sender = new OrderedSender((payload) => publisher.publish(CHANNEL, payload), log, 'redis');
  let closed = false;
  return {
    name: 'redis',
    payloadBytesMax: REDIS_PAYLOAD_BYTES_MAX,
    async publish(message) {
      if (closed) return;
      const payload = serialise(message, REDIS_PAYLOAD_BYTES_MAX, log);
      if (payload !== null) await sender.enqueue(payload);
    },
    async close() {
      closed = true;
      await sender.drain();
      subscriber?.disconnect();
      publisher.disconnect();
    },
  };
}
