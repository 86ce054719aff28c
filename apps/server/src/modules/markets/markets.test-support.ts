import { and, eq, gte, isNull } from 'drizzle-orm';
import { vi } from 'vitest';
import type { Database } from '../../db/client.js';
import type { DomainEvents } from '../../domain-events.js';
import { waitUntil } from '../../test/wait-until.js';
import { orders } from '../orders/orders.tables.js';
import { MarketEngine, TICK_MS } from './engine.js';
import { backfillHistory, seedProducts } from './markets.service.js';
import { products } from './markets.tables.js';

/**
 * Drives the engine in tests: a step every `intervalMs`, one at a time (like the real schedule,
 * steps never overlap), stamped by the clock; the engine records the first step of each second.
 * Answers a function that stops it and waits. (On the wall clock: for the PostgreSQL tests, where
 * processes share the market; the PGlite tests use a TestMarket.)
 */
export function startTicker(engine: MarketEngine, intervalMs = 200): () => Promise<void> {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await engine.step(new Date());
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Lives with the shared test helpers; still exported here for tests that import it from markets. */
export { waitUntil };

/**
 * The test's clock. Only `Date` is faked: timers stay real, so the server's own polls and waits run
 * as they do in production, but the time they read (acceptance, entry deadlines, due orders,
 * staleness) moves only when the test moves it. Starts on a whole second. Undone by
 * `vi.useRealTimers()` (TestMarket.stop does it).
 */
export function useTestClock(startMs = Math.ceil(Date.now() / TICK_MS) * TICK_MS): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(startMs);
}

/** An engine started as a (re)started process starts it (products, history, last prices), then stopped: the test steps it. */
async function startedEngine(database: Database, seed: string, events?: DomainEvents): Promise<MarketEngine> {
  const engine = new MarketEngine(database, seed, { info: () => {}, error: () => {} }, { events });
  await engine.start();
  await engine.stop();
  return engine;
}

/**
 * A market on the test's clock (useTestClock): time moves one whole second at a time, and each
 * second's tick is recorded as it passes, as the running engine records them (engine.ts: a step on
 * every second). Nothing waits for the wall clock: an order gets its entry tick once it is accepted
 * (`recordEntries`), and an order ends when the test moves the clock past its end (`passEndOf`).
 * Every wait is for a state, with a generous limit on the wall clock that only a failure reaches.
 */
export class TestMarket {
  private lastTickMs = 0;
  /** Moves of the clock run one after another: the clock never goes back, a second is stepped once. */
  private moving: Promise<void> = Promise.resolve();
  private stopEntries: (() => Promise<void>) | null = null;

  constructor(
    readonly database: Database,
    public engine: MarketEngine,
    private readonly options: { events?: DomainEvents } = {},
  ) {}

  /**
   * Puts Date on the test clock, starts an engine as a (re)started process does (it loads the
   * products and their last prices) and records the tick of the current second. `events`: the
   * app's, so that a tick wakes what waits for it (orders, sockets). Without `history`, a short
   * synthetic history (5 candles per interval, by the server's own generator) is written first, so
   * that the start does not back-fill 310 per interval: markets.test checks the full one.
   */
  static async start(
    database: Database,
    seed: string,
    options: { events?: DomainEvents; history?: boolean } = {},
  ): Promise<TestMarket> {
    useTestClock();
    if (!options.history) {
      await seedProducts(database.db);
      await backfillHistory(database.db, seed, Math.floor(Date.now() / 1000), null, 5);
    }
    const market = new TestMarket(database, await startedEngine(database, seed, options.events), options);
    await market.tickNow();
    return market;
  }

  /**
   * A restart of the process that runs the engine: a new engine (another seed) loads the products and
   * their last prices, and records the ticks from now on; the clock goes on.
   */
  async restart(seed: string): Promise<void> {
    const wasRecordingEntries = this.stopEntries !== null;
    await this.pauseEntries();
    await this.move(async () => {
      this.engine = await startedEngine(this.database, seed, this.options.events);
    });
    await this.tickNow();
    if (wasRecordingEntries) this.recordEntries();
  }

  /** Records the tick of the clock's current second (if it has none yet). */
  tickNow(): Promise<void> {
    return this.move(async () => {
      const second = Math.floor(Date.now() / TICK_MS) * TICK_MS;
      await this.engine.step(new Date(second));
      this.lastTickMs = Math.max(this.lastTickMs, second);
    });
  }

  /** Moves the clock to `ms` (never back), recording the tick of every whole second on the way. */
  advanceTo(ms: number): Promise<void> {
    return this.move(() => this.stepTo(ms));
  }

  advanceBy(ms: number): Promise<void> {
    return this.move(() => this.stepTo(Date.now() + ms));
  }

  /** Moves the clock to the next whole second and records its tick. */
  nextTick(): Promise<void> {
    return this.move(() => this.stepTo((Math.floor(Date.now() / TICK_MS) + 1) * TICK_MS));
  }

  /** Moves the clock without recording any tick (a feed outage, a stalled engine). */
  skip(ms: number): Promise<void> {
    return this.move(async () => {
      vi.setSystemTime(Date.now() + ms);
    });
  }

  /**
   * Moves the clock past the order's end, recording every second's tick up to the first one after
   * it: settlement then has every tick it needs, and the order is due. While entries are recorded
   * (`recordEntries`, with the app's events), it also waits until the order's entry is written: the
   * process that accepted it writes it when the tick comes, and a settlement pass that meets that
   * write skips the row (SKIP LOCKED) and leaves the order to its next pass, as it should.
   */
  async passEndOf(orderId: number | string): Promise<void> {
    const id = Number(orderId);
    const [row] = await this.database.db.select({ endTime: orders.endTime }).from(orders).where(eq(orders.id, id));
    if (!row) throw new Error(`no order ${orderId}`);
    await this.advanceTo((Math.floor(row.endTime.getTime() / TICK_MS) + 1) * TICK_MS);
    if (this.stopEntries && this.options.events) {
      await waitUntil(async () => {
        const [now] = await this.database.db
          .select({ status: orders.status, entryTime: orders.entryTime })
          .from(orders)
          .where(eq(orders.id, id));
        return now?.status !== 'open' || now.entryTime !== null;
      }, `the entry of order ${id}`);
    }
  }

  /** How many orders wait for their entry tick: open, without an entry, accepted since the last tick. */
  async ordersAwaitingEntry(): Promise<number> {
    const waiting = await this.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(eq(orders.status, 'open'), isNull(orders.entryTime), gte(orders.acceptedAt, new Date(this.lastTickMs))),
      );
    return waiting.length;
  }

  /** Waits until at least `count` orders wait for their entry tick: they have been accepted. */
  waitForOrdersAwaitingEntry(count: number): Promise<void> {
    return waitUntil(async () => (await this.ordersAwaitingEntry()) >= count, `${count} orders awaiting their entry`);
  }

  /**
   * From now on, an accepted order gets its entry tick: once an order waits for one (open, no
   * entry, accepted since the last tick), the clock moves to the next second and that tick is
   * recorded, as the running engine would a moment later. Until `pauseEntries`.
   */
  recordEntries(): void {
    if (this.stopEntries) return;
    let stopped = false;
    const loop = (async () => {
      while (!stopped) {
        if ((await this.ordersAwaitingEntry()) > 0) await this.nextTick();
        else await sleep(5);
      }
    })();
    this.stopEntries = async () => {
      stopped = true;
      await loop;
    };
  }

  /** Stops recording entry ticks (an order accepted meanwhile waits, and is void 5 s of the clock later). */
  async pauseEntries(): Promise<void> {
    const stop = this.stopEntries;
    this.stopEntries = null;
    await stop?.();
  }

  /** Stops driving the market and puts Date back on the wall clock. */
  async stop(): Promise<void> {
    await this.pauseEntries();
    await this.moving;
    vi.useRealTimers();
  }

  private async stepTo(ms: number): Promise<void> {
    for (let second = Math.floor(Date.now() / TICK_MS) + 1; second * TICK_MS <= ms; second++) {
      vi.setSystemTime(second * TICK_MS);
      await this.engine.step(new Date(second * TICK_MS));
      this.lastTickMs = second * TICK_MS;
    }
    if (ms > Date.now()) vi.setSystemTime(ms);
  }

  private move(step: () => Promise<void>): Promise<void> {
    const run = this.moving.then(step);
    this.moving = run.catch(() => {});
    return run;
  }
}

/**
 * A market for order tests: the catalogue, BTCUSDT with an extra 2 s period (short periods keep the
 * tests short; the rules are the same for any length), on the test's clock, recording each
 * accepted order's entry tick. `events`: the app's, so that a tick wakes the orders waiting for it.
 */
export async function startTestMarket(database: Database, seed: string, events?: DomainEvents): Promise<TestMarket> {
  const market = await TestMarket.start(database, seed, { events });
  const [btc] = await database.db.select().from(products).where(eq(products.symbol, 'BTCUSDT'));
  await database.db
    .update(products)
    .set({
      periods: [
        { seconds: 2, payoutRateBp: 8500, minStakeMinor: '10000000', maxStakeMinor: '1000000000' },
        ...btc!.periods,
      ],
    })
    .where(eq(products.symbol, 'BTCUSDT'));
  market.recordEntries();
  return market;
}
