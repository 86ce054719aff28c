import { KLINE_INTERVALS, type KlineInterval } from '@app/contract/markets';
import { desc, eq, lt, sql } from 'drizzle-orm';
import type pg from 'pg';
import { type Database, type Db, dbOnConnection } from '../../db/client.js';
import type { DomainEvents } from '../../domain-events.js';
import { CommittedPaths, type PathProduct } from '../fair-epochs/committed-paths.js';
import { EpochSecret } from '../fair-epochs/epoch-secret.js';
import { applyTick, type CandleValue } from './candles.js';
import { backfillHistory, lastTicks, recordTicks, seedProducts, upsertCandles } from './markets.service.js';
import { candles, products, ticks } from './markets.tables.js';
import { type MarketStreamConfig, type PriceSource, priceSourceOf, SIMULATED_SOURCE } from './price-source.js';
import { SimulatedSource } from './simulated-source.js';
import type { TickEvent } from './tick-event.js';

/** Exactly one process runs the engine (DESIGN.md 1): it holds this advisory lock on PostgreSQL. */
const ENGINE_LOCK_ID = 7_262_300;
const LOCK_RETRY_MS = 5_000;
/**
 * Ticks are stamped on whole seconds, one per product per second, never ahead of the clock.
 * Settlement relies on it: once the tick of an order's end second is in, no later-recorded tick
 * can fall at or before its end, so the order is decided then rather than a second later.
 */
export const TICK_MS = 1_000;
export const TICK_RETENTION_DAYS = 7;
const PRUNE_EVERY_MS = 3_600_000;

export type { TickEvent };

interface SymbolState {
  price: bigint;
  precision: number;
  volatility: number;
  candles: Map<KlineInterval, CandleValue>;
}

export interface MarketEngineOptions {
  /** A live stream and the products it feeds; every other product stays simulated. */
  stream?: { config: MarketStreamConfig; source: PriceSource };
  /** How often a process that does not lead tries to take the lock (tests make it short). */
  lockRetryMs?: number;
  /** The app's events: every recorded tick is told there (`tick`), for the live feed and waiting orders. */
  events?: DomainEvents;
  /**
   * The committed prices of the simulated products (issue 13 section 2): the seed secret and the
   * epoch length (FAIR_EPOCH_SECONDS). Without it (tests only): one secret for the whole process,
   * so that engines restarted in a test keep their commitments, and 60-second epochs.
   */
  fair?: { secret: EpochSecret; epochSeconds: number; walkSecondsMax?: number };
}

/** The secret of engines built without one: tests. Made on first use, never written anywhere. */
let processSecret: EpochSecret | null = null;
const TEST_EPOCH_SECONDS = 60;

export class MarketEngine {
  private timer: NodeJS.Timeout | null = null;
  private lockClient: pg.PoolClient | null = null;
  /** Where ticks and candles are written: the lock's own connection on PostgreSQL (see tryLead). */
  private writer: Db;
  private stopped = false;
  private state = new Map<string, SymbolState>();
  private lastPrune = 0;
  private lastStampMs = 0;
  private running: Promise<void> | null = null;
  private readonly simulated: SimulatedSource;
  isLeader = false;

  constructor(
    private readonly database: Database,
    private readonly seed: string,
    private readonly log: { info: (msg: string) => void; error: (obj: unknown, msg: string) => void },
    private readonly options: MarketEngineOptions = {},
  ) {
    if (!options.fair) processSecret ??= EpochSecret.ephemeral();
    const secret = options.fair?.secret ?? processSecret!;
    const paths = new CommittedPaths(database.db, secret, {
      products: () => this.pathProducts(),
      epochSeconds: options.fair?.epochSeconds ?? TEST_EPOCH_SECONDS,
      walkSecondsMax: options.fair?.walkSecondsMax,
      log,
    });
    this.simulated = new SimulatedSource(seed, paths);
    this.writer = database.db;
  }

  private get streamConfig(): MarketStreamConfig | null {
    return this.options.stream?.config ?? null;
  }

  private sourceOf(symbol: string): PriceSource {
    const { stream } = this.options;
    return stream && priceSourceOf(symbol, stream.config) === stream.source.name ? stream.source : this.simulated;
  }

  async start(): Promise<void> {
    await seedProducts(this.database.db);
    await this.tryLead();
  }

  private async tryLead(): Promise<void> {
    if (this.stopped) return;
    let lockClient: pg.PoolClient | null = null;
    if (this.database.pool) {
      const client = await this.database.pool.connect();
      // Listening from the start, not only once the lock is held: a checked-out client that loses its
      // server emits 'error', and with no listener that kills the process (the pool stops listening
      // while a client is out). If the connection dies once we hold the lock, so does the lock: stop
      // leading at once, or two engines would tick. (stepDown ignores a client that holds no lock.)
      const onError = (error: Error) => this.stepDown(client, error);
      client.on('error', onError);
      // Back in the pool without the lock: without our listener, or they would pile up, one per try.
      const giveBack = (error?: unknown) => {
        client.removeListener('error', onError);
        client.release(error === undefined ? undefined : true);
      };
      const { rows } = await client
        .query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [ENGINE_LOCK_ID])
        .catch((error: unknown) => {
          giveBack(error);
          throw error;
        });
      if (!rows[0]?.locked || this.stopped) {
        giveBack();
        this.retryLead();
        return;
      }
      // Held on this connection: if the process dies, the server drops the lock and another takes over.
      this.lockClient = lockClient = client;
      // The engine writes on this connection too: with API requests filling the pool, a tick that
      // waited for a connection would be recorded late, and late ticks delay entries and settlements.
      this.writer = dbOnConnection(client);
    }
    this.isLeader = true;
    this.log.info('price engine: leading');
    try {
      this.options.stream?.source.start?.();
      // The committed paths first: a new platform's synthetic history ends where the path stands now.
      await this.simulated.paths.load(Date.now());
      await backfillHistory(
        this.database.db,
        this.seed,
        Math.floor(Date.now() / 1000),
        this.streamConfig,
        undefined,
        this.simulated.paths.currentPrices(),
      );
      await this.loadState();
    } catch (error) {
      // Typically the database went away meanwhile. Holding the lock without ticking would stop the
      // market in every process (nobody else can take the lock, and our own retries use another
      // session, which the lock refuses too): let go of it (the connection is destroyed, which drops
      // the lock) and let the caller retry.
      if (lockClient === null || this.lockClient === lockClient) await this.resign(lockClient);
      throw error;
    }
    this.schedule();
  }

  /** Stops leading after a failed start of leadership: frees the lock connection and the stream. */
  private async resign(client: pg.PoolClient | null): Promise<void> {
    this.isLeader = false;
    this.lockClient = null;
    this.writer = this.database.db;
    client?.release(true);
    await this.options.stream?.source.stop?.();
  }

  private retryLead(): void {
    // One retry pending at a time, and none while leading (this.timer is then the tick's): stepDown
    // and a failed tryLead may both ask for one.
    if (this.stopped || this.isLeader) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.tryLead().catch((error) => {
        this.log.error({ err: error }, 'price engine: could not try to lead');
        this.retryLead();
      });
    }, this.options.lockRetryMs ?? LOCK_RETRY_MS);
  }

  private stepDown(client: pg.PoolClient, error: unknown): void {
    if (this.lockClient !== client) return;
    this.log.error({ err: error }, 'price engine: lost its lock connection, no longer leading');
    this.lockClient = null;
    this.writer = this.database.db;
    this.isLeader = false;
    client.release(true);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Nothing here may reject unhandled (that too would end the process): a failed stop is logged.
    void (async () => {
      await this.running;
      await this.options.stream?.source.stop?.();
    })()
      .catch((stopError: unknown) => this.log.error({ err: stopError }, 'price engine: stopping the stream failed'))
      .finally(() => this.retryLead());
  }

  /** The simulated products, each with the price it last had: what a new path is anchored at. */
  private async pathProducts(): Promise<PathProduct[]> {
    const db = this.database.db;
    const last = await lastTicks(db);
    const list: PathProduct[] = [];
    for (const row of await db.select().from(products)) {
      if (priceSourceOf(row.symbol, this.streamConfig) !== SIMULATED_SOURCE) continue;
      list.push({
        symbol: row.symbol,
        volatility: row.volatility,
        pricePrecision: row.pricePrecision,
        lastPriceE8: last.get(row.symbol)?.price ?? (await lastClose(db, row.symbol)) ?? row.startPrice,
      });
    }
    return list;
  }

  private async loadState(): Promise<void> {
    const db = this.database.db;
    const last = await lastTicks(db);
    // Disabled products keep ticking: their open orders still settle from recorded ticks.
    for (const row of await db.select().from(products)) {
      const price = last.get(row.symbol)?.price ?? (await lastClose(db, row.symbol)) ?? row.startPrice;
      const current = new Map<KlineInterval, CandleValue>();
      for (const interval of KLINE_INTERVALS) {
        const [c] = await db
          .select()
          .from(candles)
          .where(sql`${candles.symbol} = ${row.symbol} AND ${candles.interval} = ${interval}`)
          .orderBy(desc(candles.openTime))
          .limit(1);
        if (c)
          current.set(interval, {
            time: c.openTime,
            open: c.open,
            high: c.high,
            low: c.low,
            close: c.close,
            volume: c.volume,
          });
      }
      this.state.set(row.symbol, {
        price,
        precision: row.pricePrecision,
        volatility: row.volatility,
        candles: current,
      });
    }
  }

  private schedule(): void {
    if (this.stopped || !this.isLeader) return;
    const delay = TICK_MS - (Date.now() % TICK_MS);
    this.timer = setTimeout(() => {
      this.running = this.step(new Date())
        .catch((error) => this.log.error({ err: error }, 'price engine step failed'))
        .finally(() => {
          this.running = null;
          this.schedule();
        });
    }, delay);
  }

  /**
   * One tick for every product whose source has a current price: record it, fold it into every
   * interval's candle, tell listeners. A product without one (a stale live stream) gets no tick.
   */
  async step(at: Date): Promise<void> {
    // Stamped on the grid; a second already recorded is not recorded again (one tick a second).
    const stampMs = Math.floor(at.getTime() / TICK_MS) * TICK_MS;
    if (stampMs <= this.lastStampMs) return;
    this.lastStampMs = stampMs;
    const time = new Date(stampMs);
    const seconds = Math.floor(time.getTime() / 1000);
    // A new epoch: its commitments published ahead, the last one's seed revealed, its start prices set.
    await this.simulated.prepare(time);
    const events: TickEvent[] = [];
    const tradeIds = new Map<string, string>();
    for (const [symbol, s] of this.state) {
      const tick = this.sourceOf(symbol).priceAt({
        symbol,
        previous: s.price,
        precision: s.precision,
        volatility: s.volatility,
        time,
        stepSeconds: TICK_MS / 1000,
      });
      if (!tick) continue;
      s.price = tick.price;
      if (tick.tradeId !== undefined) tradeIds.set(symbol, tick.tradeId);
      const volume = tick.volume;
      const changed: TickEvent['candles'] = [];
      for (const interval of KLINE_INTERVALS) {
        const candle = applyTick(s.candles.get(interval), interval, seconds, s.price, volume);
        s.candles.set(interval, candle);
        changed.push({ interval, candle });
      }
      events.push({ symbol, time, price: s.price, candles: changed });
    }
    if (events.length === 0) return;
    // Ticks first, in one statement, and listeners told at once: entries, settlements and sockets
    // wait on ticks, not on the candles. Candles follow; each write carries the whole candle from
    // memory, so a failed write is repaired by the next step.
    await recordTicks(
      this.writer,
      events.map((e) => ({ symbol: e.symbol, time: e.time, price: e.price, tradeId: tradeIds.get(e.symbol) ?? null })),
    );
    for (const e of events) this.options.events?.emit('tick', e);
    await upsertCandles(
      this.writer,
      events.flatMap((e) => e.candles.map(({ interval, candle }) => ({ ...candle, symbol: e.symbol, interval }))),
    );
    if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = Date.now();
      await this.pruneTicks(new Date());
    }
  }

  /**
   * Deletes the ticks older than the retention: 7 days before `now`. Runs hourly from `step`. Every
   * symbol's oldest ticks go, so each hash chain is cut at its start only (the database refuses any
   * other delete) and stays verifiable from its first kept tick, whose prevHash is kept.
   */
  async pruneTicks(now: Date): Promise<void> {
    const cutoff = new Date(now.getTime() - TICK_RETENTION_DAYS * 86_400_000);
    await this.database.db.delete(ticks).where(lt(ticks.time, cutoff));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.options.stream?.source.stop?.();
    if (this.lockClient) {
      await this.lockClient.query('SELECT pg_advisory_unlock($1)', [ENGINE_LOCK_ID]).catch(() => {});
      this.lockClient.release();
      this.lockClient = null;
      this.writer = this.database.db;
    }
    this.isLeader = false;
  }
}

/** The close of a product's newest candle (its last price when its ticks are gone). */
async function lastClose(db: Db, symbol: string): Promise<bigint | undefined> {
  const [c] = await db
    .select({ close: candles.close })
    .from(candles)
    .where(eq(candles.symbol, symbol))
    .orderBy(desc(candles.openTime))
    .limit(1);
  return c?.close;
}
