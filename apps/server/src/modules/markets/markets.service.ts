import type { Lang } from '@app/contract/lang';
import type { Candle, KlineInterval, Product, ProductCategory, Quote, Turnover } from '@app/contract/markets';
import { formatAmount } from '@app/contract/money';
import { nameIn, resolvedNames } from '@app/contract/product-names';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { AppError } from '../../http/app-error.js';
import type { CandleValue } from './candles.js';
import { catalogueRows } from './catalogue.js';
import { generateHistory } from './history.js';
import { candles, products, ticks } from './markets.tables.js';
import { type MarketStreamConfig, priceSourceOf, SIMULATED_SOURCE } from './price-source.js';
import { formatPrice } from './prices.js';

type ProductRow = typeof products.$inferSelect;

/**
 * `stream`: the configured live stream (config.marketStream), which decides each product's `source`;
 * `lang`: the request's language, which `name` is in.
 */
export function toProduct(row: ProductRow, stream: MarketStreamConfig | null, lang: Lang): Product {
  return {
    symbol: row.symbol,
    name: nameIn(row.nameI18n, lang),
    nameI18n: resolvedNames(row.nameI18n),
    category: row.category,
    pricePrecision: row.pricePrecision,
    periods: row.periods.map((p) => ({
      seconds: p.seconds,
      payoutRate: (p.payoutRateBp / 10_000).toString(),
      minStake: formatAmount(BigInt(p.minStakeMinor)),
      maxStake: formatAmount(BigInt(p.maxStakeMinor)),
    })),
    feeRate: (row.feeRateBp / 10_000).toString(),
    source: priceSourceOf(row.symbol, stream),
  };
}

/** First start: the catalogue of products. Later starts keep what operators changed. */
export async function seedProducts(db: Db): Promise<void> {
  await db.insert(products).values(catalogueRows()).onConflictDoNothing();
}

export async function listProductRows(db: DbOrTx, category?: ProductCategory): Promise<ProductRow[]> {
  const where = category
    ? and(eq(products.enabled, true), eq(products.category, category))
    : eq(products.enabled, true);
  return db.select().from(products).where(where).orderBy(asc(products.sort), asc(products.symbol));
}

export async function getProductRow(db: DbOrTx, symbol: string): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(eq(products.symbol, symbol));
  if (!row?.enabled) throw new AppError('product_not_found');
  return row;
}

/** The newest tick of each symbol. */
export async function lastTicks(db: DbOrTx): Promise<Map<string, { time: Date; price: bigint }>> {
  const rows = await queryRows<{ symbol: string; time: Date | string; price: string }>(
    db,
    // One index probe per product: DISTINCT ON over ticks would read all 7 days of them (millions of rows).
    sql`SELECT p.symbol, t.time, t.price::text AS price FROM products p
      CROSS JOIN LATERAL (SELECT time, price FROM ticks WHERE ticks.symbol = p.symbol ORDER BY time DESC LIMIT 1) t`,
  );
  return new Map(rows.map((r) => [r.symbol, { time: new Date(r.time), price: BigInt(r.price) }]));
}

/** The newest tick of one symbol: an index lookup, where `lastTicks` reads every symbol's. */
export async function lastTick(db: DbOrTx, symbol: string): Promise<{ time: Date; price: bigint } | undefined> {
  const [row] = await db
    .select({ time: ticks.time, price: ticks.price })
    .from(ticks)
    .where(eq(ticks.symbol, symbol))
    .orderBy(desc(ticks.time))
    .limit(1);
  return row;
}

/** 24 h figures from the hourly candles (the open of the oldest one in the window). */
async function dayStats(db: DbOrTx, symbol: string, nowSeconds: number) {
  const rows = await db
    .select()
    .from(candles)
    .where(and(eq(candles.symbol, symbol), eq(candles.interval, '1h'), gte(candles.openTime, nowSeconds - 24 * 3600)))
    .orderBy(asc(candles.openTime));
  if (rows.length === 0) return null;
  let high = rows[0]!.high;
  let low = rows[0]!.low;
  let volume = 0n;
  for (const r of rows) {
    if (r.high > high) high = r.high;
    if (r.low < low) low = r.low;
    volume += r.volume;
  }
  return { open: rows[0]!.open, high, low, close: rows[rows.length - 1]!.close, volume };
}

function percent(change: bigint, base: bigint): string {
  if (base === 0n) return '0.00';
  const hundredths = (change * 10_000n) / base; // 1.25 % → 125
  const sign = hundredths < 0n ? '-' : '';
  const abs = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

export async function quotes(
  db: DbOrTx,
  stream: MarketStreamConfig | null,
  lang: Lang,
  category?: ProductCategory,
): Promise<Quote[]> {
  const [rows, last] = await Promise.all([listProductRows(db, category), lastTicks(db)]);
  const now = Math.floor(Date.now() / 1000);
  return Promise.all(
    rows.map(async (row) => toQuote(row, stream, lang, last.get(row.symbol), await dayStats(db, row.symbol, now))),
  );
}

export async function quote(db: DbOrTx, stream: MarketStreamConfig | null, lang: Lang, symbol: string): Promise<Quote> {
  const row = await getProductRow(db, symbol);
  const last = (await lastTicks(db)).get(symbol);
  return toQuote(row, stream, lang, last, await dayStats(db, symbol, Math.floor(Date.now() / 1000)));
}

function toQuote(
  row: ProductRow,
  stream: MarketStreamConfig | null,
  lang: Lang,
  last: { time: Date; price: bigint } | undefined,
  day: Awaited<ReturnType<typeof dayStats>>,
): Quote {
  const p = row.pricePrecision;
  const lastPrice = last?.price ?? day?.close ?? null;
  const change = lastPrice !== null && day ? lastPrice - day.open : null;
  return {
    ...toProduct(row, stream, lang),
    last: lastPrice === null ? null : formatPrice(lastPrice, p),
    open24h: day ? formatPrice(day.open, p) : null,
    change24h: change === null ? null : formatPrice(change, p),
    changePercent24h: change === null || !day ? null : percent(change, day.open),
    updatedAt: last?.time.toISOString() ?? null,
  };
}

export async function turnover(db: DbOrTx, stream: MarketStreamConfig | null, symbol: string): Promise<Turnover> {
  const row = await getProductRow(db, symbol);
  const p = row.pricePrecision;
  const [day, recent] = await Promise.all([
    dayStats(db, symbol, Math.floor(Date.now() / 1000)),
    db.select().from(ticks).where(eq(ticks.symbol, symbol)).orderBy(desc(ticks.time)).limit(60),
  ]);
  const last = recent[0]?.price ?? day?.close ?? null;
  const change = last !== null && day ? last - day.open : null;
  return {
    symbol,
    source: priceSourceOf(symbol, stream),
    last: last === null ? null : formatPrice(last, p),
    open: day ? formatPrice(day.open, p) : null,
    high: day ? formatPrice(day.high > (last ?? 0n) ? day.high : (last ?? day.high), p) : null,
    low: day ? formatPrice(last !== null && last < day.low ? last : day.low, p) : null,
    change: change === null ? null : formatPrice(change, p),
    changePercent: change === null || !day ? null : percent(change, day.open),
    volume: day ? day.volume.toString() : '0',
    ticks: recent.reverse().map((t) => ({ time: t.time.toISOString(), price: formatPrice(t.price, p) })),
  };
}

export async function kline(
  db: DbOrTx,
  symbol: string,
  interval: KlineInterval,
  limit: number,
  before?: number,
): Promise<Candle[]> {
  const row = await getProductRow(db, symbol);
  const conditions = [eq(candles.symbol, symbol), eq(candles.interval, interval)];
  if (before !== undefined) conditions.push(lt(candles.openTime, before));
  const rows = await db
    .select()
    .from(candles)
    .where(and(...conditions))
    .orderBy(desc(candles.openTime))
    .limit(limit);
  const p = row.pricePrecision;
  return rows.reverse().map((c) => ({
    time: c.openTime,
    open: formatPrice(c.open, p),
    high: formatPrice(c.high, p),
    low: formatPrice(c.low, p),
    close: formatPrice(c.close, p),
    volume: c.volume.toString(),
  }));
}

export interface CandleRow extends CandleValue {
  symbol: string;
  interval: KlineInterval;
}

/**
 * Records one step's ticks in one statement of fixed text (the rows as one JSON parameter, as
 * upsertCandles); a second already recorded for a symbol is left as it is. The database chains each
 * tick (drizzle/functions/ticks_chain.sql).
 */
export async function recordTicks(
  db: DbOrTx,
  rows: readonly { symbol: string; time: Date; price: bigint; tradeId: string | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  const payload = rows.map((t) => ({
    symbol: t.symbol,
    time: t.time.toISOString(),
    price: t.price.toString(),
    trade_id: t.tradeId,
  }));
  await db.execute(sql`INSERT INTO ticks (symbol, time, price, trade_id)
    SELECT r.symbol, r.time, r.price, r.trade_id
    FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS r(symbol text, time timestamptz, price bigint, trade_id text)
    ON CONFLICT DO NOTHING`);
}

/** Candles per statement: the back-fill writes thousands, the engine's step one per product and interval. */
const CANDLE_BATCH_ROWS = 5_000;

/**
 * Writes candles in batches, replacing any with the same symbol, interval and open time. The rows go
 * as one JSON parameter of a statement whose text never changes: the engine writes every product's
 * candle of every interval each second, and a VALUES list of eight parameters a row cost more to
 * build (in drizzle) and to parse than the write itself.
 */
export async function upsertCandles(db: DbOrTx, rows: readonly CandleRow[]) {
  for (let i = 0; i < rows.length; i += CANDLE_BATCH_ROWS) {
    const payload = rows.slice(i, i + CANDLE_BATCH_ROWS).map((c) => ({
      symbol: c.symbol,
      interval: c.interval,
      open_time: c.time,
      open: c.open.toString(),
      high: c.high.toString(),
      low: c.low.toString(),
      close: c.close.toString(),
      volume: c.volume.toString(),
    }));
    await db.execute(sql`INSERT INTO candles (symbol, "interval", open_time, open, high, low, close, volume)
      SELECT r.symbol, r."interval", r.open_time, r.open, r.high, r.low, r.close, r.volume
      FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb)
        AS r(symbol text, "interval" text, open_time bigint, open bigint, high bigint, low bigint, close bigint, volume bigint)
      ON CONFLICT (symbol, "interval", open_time) DO UPDATE
        SET high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume`);
  }
}

/**
 * First start: synthetic history for every simulated product that has none, so all charts have 300
 * candles. A product fed by a live stream gets none: invented candles would sit under a "live" label.
 * It ends at `endPrices` (where each committed path stands now), else at the catalogue price. These
 * candles come before the first committed epoch: no tick, hence no order, is ever taken from them.
 */
export async function backfillHistory(
  db: Db,
  seed: string,
  nowSeconds: number,
  stream: MarketStreamConfig | null,
  count = 310,
  endPrices: ReadonlyMap<string, bigint> = new Map(),
): Promise<void> {
  for (const row of await listProductRows(db)) {
    if (priceSourceOf(row.symbol, stream) !== SIMULATED_SOURCE) continue;
    const [existing] = await db
      .select({ t: candles.openTime })
      .from(candles)
      .where(eq(candles.symbol, row.symbol))
      .limit(1);
    if (existing) continue;
    const history = generateHistory({
      symbol: row.symbol,
      startPrice: endPrices.get(row.symbol) ?? row.startPrice,
      precision: row.pricePrecision,
      volatility: row.volatility,
      seed,
      now: nowSeconds,
      count,
    });
    await db.transaction(async (tx) => {
      for (const [interval, list] of history.candles) {
        await upsertCandles(
          tx,
          list.map((c) => ({ ...c, symbol: row.symbol, interval })),
        );
      }
    });
  }
}

/** The newest (current) candle of one symbol and interval. */
export async function latestCandle(
  db: DbOrTx,
  symbol: string,
  interval: KlineInterval,
): Promise<CandleValue | undefined> {
  const [row] = await db
    .select()
    .from(candles)
    .where(and(eq(candles.symbol, symbol), eq(candles.interval, interval)))
    .orderBy(desc(candles.openTime))
    .limit(1);
  return (
    row && { time: row.openTime, open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume }
  );
}
