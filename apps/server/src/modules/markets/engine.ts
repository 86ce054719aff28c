import { EventEmitter } from 'node:events';
import { KLINE_INTERVALS, type KlineInterval } from '@app/contract/markets';
import { desc, eq, lt, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../../db/client.js';
import { applyTick, type CandleValue } from './candles.js';
import { backfillHistory, lastTicks, listProductRows, seedProducts, upsertCandles } from './markets.service.js';
import { candles, ticks } from './markets.tables.js';
import { scaledToNumber, toScaledPrice } from './prices.js';
import { SimulatedSource } from './simulated-source.js';

/** Exactly one process runs the engine (DESIGN.md 1): it holds this advisory lock on PostgreSQL. */
const ENGINE_LOCK_ID = 7_262_300;
const LOCK_RETRY_MS = 5_000;
const TICK_MS = 1_000;
const TICK_RETENTION_DAYS = 7;
const PRUNE_EVERY_MS = 3_600_000;

export interface TickEvent {
  symbol: string;
  time: Date;
  price: bigint;
  candles: Array<{ interval: KlineInterval; candle: CandleValue }>;
}

/** Ticks as they are recorded, for the live feed; listeners must be quick. */
export const marketEvents = new EventEmitter<{ tick: [TickEvent] }>();
marketEvents.setMaxListeners(0);

interface SymbolState {
  price: bigint;
  precision: number;
  volatility: number;
  candles: Map<KlineInterval, CandleValue>;
}

export class MarketEngine {
  private timer: NodeJS.Timeout | null = null;
  private lockClient: pg.PoolClient | null = null;
  private stopped = false;
  private state = new Map<string, SymbolState>();
  private lastPrune = 0;
  private running: Promise<void> | null = null;
  isLeader = false;

  constructor(
    private readonly database: Database,
    private readonly seed: string,
    private readonly log: { info: (msg: string) => void; error: (obj: unknown, msg: string) => void },
  ) {}

  async start(): Promise<void> {
    await seedProducts(this.database.db);
    await this.tryLead();
  }

  private async tryLead(): Promise<void> {
    if (this.stopped) return;
    if (this.database.pool) {
      const client = await this.database.pool.connect();
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        ENGINE_LOCK_ID,
      ]);
      if (!rows[0]?.locked) {
        client.release();
        this.timer = setTimeout(() => void this.tryLead(), LOCK_RETRY_MS);
        return;
      }
      // Held on this connection: if the process dies, the server drops the lock and another takes over.
      this.lockClient = client;
    }
    this.isLeader = true;
    this.log.info('price engine: leading');
    await backfillHistory(this.database.db, this.seed, Math.floor(Date.now() / 1000));
    await this.loadState();
    this.schedule();
  }

  private async loadState(): Promise<void> {
    const db = this.database.db;
    const last = await lastTicks(db);
    for (const row of await listProductRows(db)) {
      let price = last.get(row.symbol)?.price;
      if (price === undefined) {
        const [c] = await db
          .select({ close: candles.close })
          .from(candles)
          .where(eq(candles.symbol, row.symbol))
          .orderBy(desc(candles.openTime))
          .limit(1);
        price = c?.close ?? row.startPrice;
      }
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
    if (this.stopped) return;
    const delay = TICK_MS - (Date.now() % TICK_MS);
    this.timer = setTimeout(() => {
      this.running = this.step(new Date(Math.round(Date.now() / TICK_MS) * TICK_MS))
        .catch((error) => this.log.error({ err: error }, 'price engine step failed'))
        .finally(() => {
          this.running = null;
          this.schedule();
        });
    }, delay);
  }

  /** One tick for every product: record it, fold it into every interval's candle, tell listeners. */
  async step(time: Date): Promise<void> {
    const source = new SimulatedSource(this.seed);
    const db = this.database.db;
    const seconds = Math.floor(time.getTime() / 1000);
    const events: TickEvent[] = [];
    for (const [symbol, s] of this.state) {
      const next = source.next(symbol, scaledToNumber(s.price), s.volatility, TICK_MS / 1000, time.getTime());
      s.price = toScaledPrice(next, s.precision);
      const volume = BigInt(1 + Math.floor(Math.random() * 20));
      const changed: TickEvent['candles'] = [];
      for (const interval of KLINE_INTERVALS) {
        const candle = applyTick(s.candles.get(interval), interval, seconds, s.price, volume);
        s.candles.set(interval, candle);
        changed.push({ interval, candle });
      }
      events.push({ symbol, time, price: s.price, candles: changed });
    }
    if (events.length === 0) return;
    await db.transaction(async (tx) => {
      await tx
        .insert(ticks)
        .values(events.map((e) => ({ symbol: e.symbol, time: e.time, price: e.price })))
        .onConflictDoNothing();
      await upsertCandles(
        tx,
        events.flatMap((e) => e.candles.map(({ interval, candle }) => ({ ...candle, symbol: e.symbol, interval }))),
      );
    });
    for (const e of events) marketEvents.emit('tick', e);
    if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = Date.now();
      await db.delete(ticks).where(lt(ticks.time, new Date(Date.now() - TICK_RETENTION_DAYS * 86_400_000)));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    if (this.lockClient) {
      await this.lockClient.query('SELECT pg_advisory_unlock($1)', [ENGINE_LOCK_ID]).catch(() => {});
      this.lockClient.release();
      this.lockClient = null;
    }
    this.isLeader = false;
  }
}
