import type { LocalizedName } from '@app/contract/product-names';
import { and, asc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
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
