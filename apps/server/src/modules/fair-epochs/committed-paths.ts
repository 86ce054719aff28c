import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { EpochSecret } from './epoch-secret.js';
import {
  type CurrentParams,
  type EpochRow,
  epochLengthMs,
  epochStartOf,
  epochsBetween,
  latestStarts,
  type PathStart,
  paramsAt,
  publishAhead,
  recordFirstParams,
  recordStarts,
  revealEnded,
} from './fair-epochs.service.js';
import { fairPathParams } from './fair-epochs.tables.js';
import { commitmentOf, type PathParams, pathParamsOf, stepPrice, tickPriceE8, walk } from './fair-path.js';

/**
 * The engine's side of the committed paths (issue 13 section 2). Before each step the engine calls
 * `prepare(time)`; when the time enters a new epoch this publishes the commitments up to 24 epochs
 * ahead, reveals the seeds of the epochs that have ended, and settles each product's start price
 * for the new epoch (the end of the previous epoch's path, walked if need be, or an anchor). Then
 * `priceAt(symbol, second)` is the path's price for that second: a few microseconds, the path
 * being kept in memory and advanced one step a second.
 */

/** A restart walks the path forward through at most this many seconds of outage; beyond, it re-anchors. */
export const WALK_SECONDS_MAX = 43_200;

export interface PathProduct {
  symbol: string;
  /** Annual volatility as the catalogue has it (a float): fixed into integers when committed. */
  volatility: number;
  pricePrecision: number;
  /** The price last recorded (or the catalogue's start price): what a new path is anchored at. */
  lastPriceE8: bigint;
}

export interface CommittedPathsOptions {
  /**
   * The products to run paths for (the simulated ones) as they stand now: read again on entering
   * each epoch, so that a changed parameter is fixed into the next epoch committed.
   */
  products: () => Promise<PathProduct[]>;
  /** FAIR_EPOCH_SECONDS: used for a database without epochs; one with epochs keeps their length. */
  epochSeconds: number;
  log: { info: (msg: string) => void; error: (obj: unknown, msg: string) => void };
  walkSecondsMax?: number;
}

/** Where a product's path stands in the current epoch. */
interface Cursor {
  symbol: string;
  epochStartMs: number;
  seed: Buffer;
  params: PathParams;
  /** The path's price at the second before the epoch (its start price). */
  startPriceE8: bigint;
  /** The last second computed, and the path's price then (unrounded). */
  second: number;
  priceE8: bigint;
}

type ParamsRow = typeof fairPathParams.$inferSelect;

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export class CommittedPaths {
  private epochMs: number;
  private currentStartMs: number | null = null;
  private cursors = new Map<string, Cursor>();
  /** Epochs whose commitment this secret does not match, already reported (once each). */
  private readonly reported = new Set<number>();
  private preparing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly secret: EpochSecret,
    private readonly options: CommittedPathsOptions,
  ) {
    this.epochMs = options.epochSeconds * 1000;
  }

  /** The epoch length in use (the database's, once it has epochs). */
  get epochLengthMs(): number {
    return this.epochMs;
  }

  /** Prepares the epoch of `nowMs` from scratch (a process that starts leading the engine). */
  async load(nowMs: number): Promise<void> {
    await this.serially(async () => {
      const configuredMs = this.options.epochSeconds * 1000;
      this.epochMs = await epochLengthMs(this.db, configuredMs);
      if (this.epochMs !== configuredMs) {
        this.options.log.info(
          `fair epochs: FAIR_EPOCH_SECONDS=${configuredMs / 1000} ignored, this database's epochs are ${this.epochMs / 1000} s (a published epoch never changes)`,
        );
      }
      this.currentStartMs = null;
      this.cursors = new Map();
      await this.enter(epochStartOf(nowMs, this.epochMs), nowMs);
      // Walk up to the second before now, a product at a time, so that the first tick is one step.
      const before = Math.floor(nowMs / 1000) - 1;
      for (const cursor of this.cursors.values()) {
        if (before > cursor.second) advance(cursor, before);
        await yieldToLoop();
      }
    });
  }

  /** Makes the epoch of `nowMs` current (publishing, revealing and settling start prices when it changes). */
  prepare(nowMs: number): Promise<void> {
    if (epochStartOf(nowMs, this.epochMs) === this.currentStartMs) return Promise.resolve();
    return this.serially(async () => {
      const startMs = epochStartOf(nowMs, this.epochMs);
      if (startMs !== this.currentStartMs) await this.enter(startMs, nowMs);
    });
  }

  /**
   * The recorded price of `symbol`'s tick at Unix second `second`, in the current epoch; null when
   * the product has no usable path (no committed seed this secret derives).
   */
  priceAt(symbol: string, second: number): bigint | null {
    const cursor = this.cursors.get(symbol);
    if (!cursor) return null;
    const first = cursor.epochStartMs / 1000;
    if (second < first || second >= first + this.epochMs / 1000) return null;
    if (second <= cursor.second) {
      // Asked again or backwards (never, from the engine): the path is a function, walk it again.
      cursor.second = first - 1;
      cursor.priceE8 = cursor.startPriceE8;
    }
    advance(cursor, second);
    return tickPriceE8(cursor.priceE8, cursor.params.pricePrecision);
  }

  /** Each product's recorded price at the last second computed (after `load`: the second before now). */
  currentPrices(): Map<string, bigint> {
    return new Map([...this.cursors.values()].map((c) => [c.symbol, tickPriceE8(c.priceE8, c.params.pricePrecision)]));
  }

  private serially(work: () => Promise<void>): Promise<void> {
    const run = this.preparing.then(work);
    this.preparing = run.catch(() => {});
    return run;
  }

  /** Enters the epoch starting at `startMs`. */
  private async enter(startMs: number, nowMs: number): Promise<void> {
    const products = await this.options.products();
    const current: CurrentParams[] = products.map((p) => ({
      symbol: p.symbol,
      ...pathParamsOf(p.volatility, p.pricePrecision),
    }));
    await publishAhead(this.db, this.secret, startMs, this.epochMs, current);
    for (const foreign of await revealEnded(this.db, this.secret, nowMs)) this.reportForeign(foreign);
    const [epoch] = await epochsBetween(this.db, startMs, startMs);
    const seed = epoch ? this.committedSeed(epoch) : null;
    // No seed of ours for this epoch: its products get no tick (orders are refused as stale) until
    // an epoch committed with this secret; the paths then start again from an anchor.
    const next = seed ? await this.startEpoch(products, startMs, seed) : new Map<string, Cursor>();
    // Only once all is recorded: a failure (the database away) leaves the epoch to enter at the next step.
    this.cursors = next;
    this.currentStartMs = startMs;
  }

  /** Every product's cursor at the start of the epoch, with the start prices recorded. */
  private async startEpoch(products: PathProduct[], startMs: number, seed: Buffer): Promise<Map<string, Cursor>> {
    const symbols = products.map((p) => p.symbol);
    const known = await latestStarts(this.db, symbols, startMs);
    const starts: PathStart[] = [];
    const startPrices = new Map<string, bigint>();
    for (const product of products) {
      const inMemory = this.cursors.get(product.symbol);
      const start = await this.startOf(product, startMs, known.get(product.symbol), inMemory);
      starts.push(...start.record);
      startPrices.set(product.symbol, start.priceE8);
    }
    const inForce = await paramsAt(this.db, symbols, startMs);
    const cursors = new Map<string, Cursor>();
    for (const [symbol, startPriceE8] of startPrices) {
      const params = inForce.get(symbol);
      if (!params) throw new Error(`no path parameters for ${symbol} at ${startMs}`);
      const second = startMs / 1000 - 1;
      cursors.set(symbol, { symbol, epochStartMs: startMs, seed, params, startPriceE8, second, priceE8: startPriceE8 });
    }
    await recordStarts(this.db, starts);
    return cursors;
  }

  /**
   * A product's start price for the epoch at `startMs`, and the start rows to record: the one
   * recorded already; else the end of the path in memory (the previous epoch); else the path walked
   * forward from the last recorded start (a restart), within WALK_SECONDS_MAX; else an anchor at the
   * last recorded price (a new product, a long outage, an epoch without a seed of ours).
   */
  private async startOf(
    product: PathProduct,
    startMs: number,
    known: PathStart | undefined,
    inMemory: Cursor | undefined,
  ): Promise<{ priceE8: bigint; record: PathStart[] }> {
    const { symbol } = product;
    if (known?.startMs === startMs) return { priceE8: known.priceE8, record: [] };
    if (inMemory && inMemory.epochStartMs + this.epochMs === startMs) {
      advance(inMemory, startMs / 1000 - 1);
      return { priceE8: inMemory.priceE8, record: [{ symbol, startMs, priceE8: inMemory.priceE8, anchored: false }] };
    }
    const walkSecondsMax = this.options.walkSecondsMax ?? WALK_SECONDS_MAX;
    if (known && (startMs - known.startMs) / 1000 <= walkSecondsMax) {
      const walked = await this.walkForward(symbol, known, startMs);
      if (walked) return { priceE8: walked.at(-1)!.priceE8, record: walked };
    }
    const params = await paramsAt(this.db, [symbol], startMs);
    if (!params.has(symbol)) {
      await recordFirstParams(
        this.db,
        { symbol, ...pathParamsOf(product.volatility, product.pricePrecision) },
        startMs,
      );
    }
    this.options.log.info(`fair epochs: ${symbol} starts a new path at ${new Date(startMs).toISOString()}`);
    return {
      priceE8: product.lastPriceE8,
      record: [{ symbol, startMs, priceE8: product.lastPriceE8, anchored: true }],
    };
  }

  /** The starts of every epoch after `from` up to `toStartMs`, walking each one; null if one cannot be walked. */
  private async walkForward(symbol: string, from: PathStart, toStartMs: number): Promise<PathStart[] | null> {
    const epochs = new Map((await epochsBetween(this.db, from.startMs, toStartMs)).map((e) => [e.startMs, e]));
    const history = await this.paramsHistory(symbol, toStartMs);
    const walked: PathStart[] = [];
    let price = from.priceE8;
    for (let startMs = from.startMs; startMs < toStartMs; startMs += this.epochMs) {
      const epoch = epochs.get(startMs);
      const seed = epoch ? this.committedSeed(epoch) : null;
      const params = history.filter((p) => p.fromMs <= startMs).at(-1);
      if (!seed || !params) return null;
      price = walk(seed, symbol, startMs / 1000, this.epochMs / 1000, price, params);
      walked.push({ symbol, startMs: startMs + this.epochMs, priceE8: price, anchored: false });
      await yieldToLoop();
    }
    return walked;
  }

  private async paramsHistory(symbol: string, toMs: number): Promise<ParamsRow[]> {
    return this.db
      .select()
      .from(fairPathParams)
      .where(eq(fairPathParams.symbol, symbol))
      .orderBy(asc(fairPathParams.fromMs))
      .then((rows) => rows.filter((r) => r.fromMs <= toMs));
  }

  /** The epoch's seed if this secret derives the committed one; null (reported once) if not. */
  private committedSeed(epoch: EpochRow): Buffer | null {
    const seed = this.secret.seedOf(epoch.startMs);
    if (commitmentOf(seed) === epoch.commitment) return seed;
    this.reportForeign(epoch.startMs);
    return null;
  }

  private reportForeign(startMs: number): void {
    if (this.reported.has(startMs)) return;
    this.reported.add(startMs);
    this.options.log.error(
      { epochStartMs: startMs },
      'fair epochs: this FAIR_SEED_SECRET (or DATA_DIR/fair-seed-secret) did not commit this epoch; its simulated products get no ticks until an epoch it committed',
    );
  }
}

/** Advances a cursor step by step to `second` (in its epoch). */
function advance(cursor: Cursor, second: number): void {
  let price = cursor.priceE8;
  for (let s = cursor.second + 1; s <= second; s++)
    price = stepPrice(cursor.seed, cursor.symbol, s, price, cursor.params);
  cursor.priceE8 = price;
  if (second > cursor.second) cursor.second = second;
}
