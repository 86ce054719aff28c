import type { LocalizedName } from '@app/contract/product-names';
import { and, asc, eq, gt, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { products, ticks } from './markets.tables.js';

/**
 * What other modules read of the markets' tables (orders: entries, settlement, order screens), so
 * that only this module knows how ticks and products are stored. Ticks are final once recorded.
 */

export interface RecordedTick {
  symbol: string;
  time: Date;
  price: bigint;
}

/** The ticks of `symbols` recorded in (fromMs, toMs], oldest first. */
export function ticksInSpan(
  db: DbOrTx,
  symbols: readonly string[],
  fromMs: number,
  toMs: number,
): Promise<RecordedTick[]> {
  return db
    .select({ symbol: ticks.symbol, time: ticks.time, price: ticks.price })
    .from(ticks)
    .where(and(inArray(ticks.symbol, [...symbols]), gt(ticks.time, new Date(fromMs)), lte(ticks.time, new Date(toMs))))
    .orderBy(asc(ticks.time));
}

/** The first tick of `symbol` recorded strictly after `after`. */
export async function firstTickAfter(db: DbOrTx, symbol: string, after: Date): Promise<RecordedTick | undefined> {
  const [tick] = await db
    .select({ symbol: ticks.symbol, time: ticks.time, price: ticks.price })
    .from(ticks)
    .where(and(eq(ticks.symbol, symbol), gt(ticks.time, after)))
    .orderBy(asc(ticks.time))
    .limit(1);
  return tick;
}

/**
 * The ticks in several windows (from, to] at once, one query, ordered by symbol and time; windows
 * of one symbol should not overlap (a tick in two would come twice).
 */
export async function ticksInWindows(
  db: DbOrTx,
  windows: ReadonlyArray<{ symbol: string; fromMs: number; toMs: number }>,
): Promise<Array<{ symbol: string; timeMs: number; price: bigint }>> {
  if (windows.length === 0) return [];
  const found = await queryRows<{ symbol: string; time: Date | string; price: string }>(
    db,
    sql`SELECT t.symbol, t.time, t.price::text AS price
      FROM jsonb_to_recordset(${JSON.stringify(
        windows.map((w) => ({ symbol: w.symbol, from_time: new Date(w.fromMs), to_time: new Date(w.toMs) })),
      )}::jsonb) AS w(symbol text, from_time timestamptz, to_time timestamptz)
      JOIN ticks t ON t.symbol = w.symbol AND t.time > w.from_time AND t.time <= w.to_time
      ORDER BY t.symbol, t.time`,
  );
  return found.map((r) => ({ symbol: r.symbol, timeMs: new Date(r.time).getTime(), price: BigInt(r.price) }));
}

/** SQL for the time of the newest tick of the symbol `symbol` evaluates to (an index probe), null without one. */
export function newestTickTimeSql(symbol: SQL): SQL {
  return sql`(SELECT max(t.time) FROM ${ticks} t WHERE t.symbol = ${symbol})`;
}

export interface ProductDisplayInfo {
  symbol: string;
  /** The name in each language as stored (an empty vn or zn reads as the English name). */
  nameI18n: LocalizedName;
  pricePrecision: number;
}

/** Every product's names and price precision, for showing orders. */
export async function productDisplayInfo(db: DbOrTx): Promise<Map<string, ProductDisplayInfo>> {
  const rows = await db
    .select({ symbol: products.symbol, nameI18n: products.nameI18n, pricePrecision: products.pricePrecision })
    .from(products);
  return new Map(rows.map((r) => [r.symbol, r]));
}

/** A recorded tick with its place in the symbol's hash chain (issue 13; see ticks_chain.sql). */
export interface ChainedTick {
  timeMs: number;
  priceE8: bigint;
  prevHash: Buffer;
  hash: Buffer;
  /** The exchange's trade id of a streamed tick (null on a simulated one). */
  tradeId: string | null;
}

/** Whether `symbol` is a product, enabled or not (a disabled one keeps its recorded ticks). */
export async function isKnownSymbol(db: DbOrTx, symbol: string): Promise<boolean> {
  const [row] = await db.select({ symbol: products.symbol }).from(products).where(eq(products.symbol, symbol));
  return row !== undefined;
}

/**
 * The chained ticks of `symbol` in [fromMs, toMs], oldest first, at most `limit`. Ticks recorded
 * before the chain existed (no hash) are left out.
 */
export async function chainedTicks(
  db: DbOrTx,
  symbol: string,
  fromMs: number,
  toMs: number,
  limit: number,
): Promise<ChainedTick[]> {
  const rows = await db
    .select({
      time: ticks.time,
      price: ticks.price,
      prevHash: ticks.prevHash,
      hash: ticks.hash,
      tradeId: ticks.tradeId,
    })
    .from(ticks)
    .where(
      and(
        eq(ticks.symbol, symbol),
        gte(ticks.time, new Date(fromMs)),
        lte(ticks.time, new Date(toMs)),
        isNotNull(ticks.hash),
      ),
    )
    .orderBy(asc(ticks.time))
    .limit(limit);
  return rows.map((r) => ({
    timeMs: r.time.getTime(),
    priceE8: r.price,
    prevHash: r.prevHash!,
    hash: r.hash!,
    tradeId: r.tradeId,
  }));
}

/**
 * For every product (enabled or not), its newest chained tick at or before `atMs`: one index probe
 * each. A product without one is left out. In no particular order.
 */
export async function chainHeadsAt(
  db: DbOrTx,
  atMs: number,
): Promise<Array<{ symbol: string; timeMs: number; hash: Buffer }>> {
  const rows = await queryRows<{ symbol: string; time: Date | string; hash: string }>(
    db,
    sql`SELECT p.symbol, t.time, encode(t.hash, 'hex') AS hash FROM ${products} p
      CROSS JOIN LATERAL (SELECT time, hash FROM ${ticks} WHERE ticks.symbol = p.symbol AND ticks.time <= ${new Date(atMs).toISOString()}::timestamptz
        ORDER BY time DESC LIMIT 1) t
      WHERE t.hash IS NOT NULL`,
  );
  return rows.map((r) => ({ symbol: r.symbol, timeMs: new Date(r.time).getTime(), hash: Buffer.from(r.hash, 'hex') }));
}

/**
 * The price of the newest tick at or before each point (an index probe per point, one query), keyed
 * `symbol|timeMs`; a point without an earlier tick is absent. The price alerts' move rule reads it.
 */
export async function pricesAtOrBefore(
  db: DbOrTx,
  points: ReadonlyArray<{ symbol: string; timeMs: number }>,
): Promise<Map<string, bigint>> {
  if (points.length === 0) return new Map();
  const found = await queryRows<{ symbol: string; at_ms: string; price: string }>(
    db,
    sql`SELECT p.symbol, p.at_ms::text AS at_ms, t.price::text AS price
      FROM jsonb_to_recordset(${JSON.stringify(
        points.map((p) => ({ symbol: p.symbol, at_ms: p.timeMs, at: new Date(p.timeMs) })),
      )}::jsonb) AS p(symbol text, at_ms bigint, at timestamptz)
      CROSS JOIN LATERAL (SELECT price FROM ticks WHERE ticks.symbol = p.symbol AND ticks.time <= p.at
        ORDER BY ticks.time DESC LIMIT 1) t`,
  );
  return new Map(found.map((r) => [`${r.symbol}|${r.at_ms}`, BigInt(r.price)]));
}
