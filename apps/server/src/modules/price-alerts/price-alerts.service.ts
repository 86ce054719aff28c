import {
  type CreatePriceAlertRequest,
  PRICE_ALERTS_PER_USER_MAX,
  type PriceAlert,
  type PriceAlertList,
  WATCHLIST_SIZE_MAX,
  type Watchlist,
} from '@app/contract/price-alerts';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { productDisplayInfo } from '../markets/market-reads.js';
import { getProductRow, lastTick } from '../markets/markets.service.js';
import { formatPrice, parseDecimalPrice } from '../markets/prices.js';
import { lockForArming } from './evaluator-lock.js';
import { type PriceAlertRow, priceAlerts, watchlistItems } from './price-alerts.tables.js';

/**
 * The watchlist and the price alerts' management (issue 15). The evaluator (alert-evaluator.ts)
 * fires them.
 *
 * | rule | where |
 * | --- | --- |
 * | a user sees and changes only their own | every query filters by the session's user |
 * | at most PRICE_ALERTS_PER_USER_MAX alerts, also under concurrent creates | `createAlert`: counted under the user's advisory lock |
 * | "above" is armed only below the level, "below" only above it | `checkArmable` against the newest recorded tick |
 * | an alert is evaluated from its `armedAt` on, also when a pass ran while it was being armed | `lockForArming` before `armedAt` is stamped (evaluator-lock.ts) |
 */

/** Separates the per-user advisory locks of this module from others' (any constant int4). */
const ALERT_LOCK_SPACE = 15_001;

export async function listWatchlist(db: DbOrTx, userId: number): Promise<Watchlist> {
  const rows = await db
    .select({ symbol: watchlistItems.symbol })
    .from(watchlistItems)
    .where(eq(watchlistItems.userId, userId))
    .orderBy(asc(watchlistItems.createdAt), asc(watchlistItems.symbol));
  return { symbols: rows.map((r) => r.symbol) };
}

/** Stars a product (again: nothing changes). */
export async function addToWatchlist(db: Db, userId: number, symbol: string): Promise<Watchlist> {
  await getProductRow(db, symbol);
  const [{ value }] = (await db
    .select({ value: count() })
    .from(watchlistItems)
    .where(eq(watchlistItems.userId, userId))) as [{ value: number }];
  if (value >= WATCHLIST_SIZE_MAX) throw new AppError('watchlist_full');
  await db.insert(watchlistItems).values({ userId, symbol }).onConflictDoNothing();
  return listWatchlist(db, userId);
}

/** Unstars a product (not starred: nothing changes). */
export async function removeFromWatchlist(db: Db, userId: number, symbol: string): Promise<Watchlist> {
  await db.delete(watchlistItems).where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.symbol, symbol)));
  return listWatchlist(db, userId);
}

export async function listAlerts(db: DbOrTx, userId: number, symbol?: string): Promise<PriceAlertList> {
  const rows = await db
    .select()
    .from(priceAlerts)
    .where(
      symbol ? and(eq(priceAlerts.userId, userId), eq(priceAlerts.symbol, symbol)) : eq(priceAlerts.userId, userId),
    )
    .orderBy(desc(priceAlerts.id));
  const info = await productDisplayInfo(db);
  return {
    list: rows.map((row) => toPriceAlert(row, info.get(row.symbol)?.pricePrecision ?? 8)),
    max: PRICE_ALERTS_PER_USER_MAX,
  };
}

export async function createAlert(db: Db, userId: number, input: CreatePriceAlertRequest): Promise<PriceAlert> {
  const product = await getProductRow(db, input.symbol);
  const level = input.kind === 'move' ? null : parseDecimalPrice(input.price, product.pricePrecision);
  if (input.kind !== 'move' && level === null)
    throw new AppError('validation_failed', { fieldKeys: { price: 'invalid' } });
  const reference = await currentPrice(db, input.symbol);
  checkArmable(input.kind, level, reference);
  const row = await db.transaction(async (tx) => {
    // Two creates at once must not both pass the count: the user's alerts are counted under a lock.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ALERT_LOCK_SPACE}, ${userId}::int)`);
    const [{ value }] = (await tx
      .select({ value: count() })
      .from(priceAlerts)
      .where(eq(priceAlerts.userId, userId))) as [{ value: number }];
    if (value >= PRICE_ALERTS_PER_USER_MAX) throw new AppError('price_alert_limit');
    await lockForArming(tx);
    const [inserted] = await tx
      .insert(priceAlerts)
      .values({
        userId,
        symbol: input.symbol,
        kind: input.kind,
        level,
        percentHundredths: input.kind === 'move' ? percentToHundredths(input.percent) : null,
        windowSeconds: input.kind === 'move' ? input.windowSeconds : null,
        referencePrice: reference,
        armedAt: new Date(),
      })
      .returning();
    return inserted!;
  });
  return toPriceAlert(row, product.pricePrecision);
}

/** Turns an alert on (re-arms it from the current price) or off. */
export async function setAlertEnabled(db: Db, userId: number, id: number, enabled: boolean): Promise<PriceAlert> {
  const row = await ownAlert(db, userId, id);
  const precision = (await productDisplayInfo(db)).get(row.symbol)?.pricePrecision ?? 8;
  if (!enabled) {
    const [off] = await db
      .update(priceAlerts)
      .set({ isEnabled: false })
      .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
      .returning();
    return toPriceAlert(off!, precision);
  }
  if (row.isEnabled && row.triggeredAt === null) return toPriceAlert(row, precision);
  const reference = await currentPrice(db, row.symbol);
  checkArmable(row.kind, row.level, reference);
  const armed = await db.transaction(async (tx) => {
    await lockForArming(tx);
    const [row] = await tx
      .update(priceAlerts)
      .set({ isEnabled: true, triggeredAt: null, triggeredPrice: null, referencePrice: reference, armedAt: new Date() })
      .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
      .returning();
    return row!;
  });
  return toPriceAlert(armed, precision);
}

export async function deleteAlert(db: Db, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
    .returning({ id: priceAlerts.id });
  if (deleted.length === 0) throw new AppError('price_alert_not_found');
}

async function ownAlert(db: DbOrTx, userId: number, id: number): Promise<PriceAlertRow> {
  const [row] = await db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)));
  if (!row) throw new AppError('price_alert_not_found');
  return row;
}

async function currentPrice(db: DbOrTx, symbol: string): Promise<bigint> {
  const tick = await lastTick(db, symbol);
  if (!tick) throw new AppError('price_alert_no_price');
  return tick.price;
}

/** As exchanges do: an "above" alert at or below the current price would fire at once, so it is refused. */
function checkArmable(kind: PriceAlertRow['kind'], level: bigint | null, current: bigint): void {
  if (kind === 'above' && level !== null && current >= level) throw new AppError('price_alert_above_not_higher');
  if (kind === 'below' && level !== null && current <= level) throw new AppError('price_alert_below_not_lower');
}

/** "0.5" → 50 (the schema allows at most two decimals). */
function percentToHundredths(percent: string): number {
  const [whole, fraction = ''] = percent.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function formatPercent(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const fraction = hundredths % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

export function toPriceAlert(row: PriceAlertRow, precision: number): PriceAlert {
  return {
    id: String(row.id),
    symbol: row.symbol,
    kind: row.kind,
    price: row.level === null ? null : formatPrice(row.level, precision),
    percent: row.percentHundredths === null ? null : formatPercent(row.percentHundredths),
    windowSeconds: row.windowSeconds,
    referencePrice: formatPrice(row.referencePrice, precision),
    isEnabled: row.isEnabled && row.triggeredAt === null,
    armedAt: row.armedAt.toISOString(),
    triggeredAt: row.triggeredAt?.toISOString() ?? null,
    triggeredPrice: row.triggeredPrice === null ? null : formatPrice(row.triggeredPrice, precision),
    createdAt: row.createdAt.toISOString(),
  };
}
