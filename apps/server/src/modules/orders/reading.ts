import type { Lang } from '@app/contract/lang';
import type { HeldOrder, Order, OrderAccount, OrderStatus } from '@app/contract/markets';
import { formatAmount } from '@app/contract/money';
import { englishOnlyName, type LocalizedName, nameIn, resolvedNames } from '@app/contract/product-names';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { productDisplayInfo } from '../markets/market-reads.js';
import { lastTicks } from '../markets/markets.service.js';
import { type MarketStreamConfig, priceSourceOf } from '../markets/price-source.js';
import { formatPrice } from '../markets/prices.js';
import type { OrderRow } from './order-rows.js';
import { orders } from './orders.tables.js';

/** Orders as the screens and the back office read them: one order, a page, the open ones with their live state. */

/**
 * `stream`: the configured live stream (config.marketStream), which decides the order's `source`;
 * `lang`: the language `productName` is in (the request's; English where there is no request).
 */
export function toOrder(
  row: OrderRow,
  product: { nameI18n: LocalizedName; pricePrecision: number },
  stream: MarketStreamConfig | null,
  lang: Lang,
): Order {
  const p = product.pricePrecision;
  const tick = (time: Date | null, price: bigint | null) =>
    time && price !== null ? { time: time.toISOString(), price: formatPrice(price, p) } : null;
  const settled = row.status !== 'open';
  return {
    id: String(row.id),
    symbol: row.symbol,
    productName: nameIn(product.nameI18n, lang),
    productNameI18n: resolvedNames(product.nameI18n),
    direction: row.direction,
    amount: formatAmount(row.amount),
    fee: formatAmount(row.fee),
    payoutRate: (row.payoutRateBp / 10_000).toString(),
    period: row.period,
    status: row.status,
    createdAt: row.acceptedAt.toISOString(),
    endTime: row.endTime.toISOString(),
    entry: tick(row.entryTime, row.entryPrice),
    exit: tick(row.exitTime, row.exitPrice),
    lowest: row.lowest === null ? null : formatPrice(row.lowest, p),
    highest: row.highest === null ? null : formatPrice(row.highest, p),
    payout: settled && row.payout !== null ? formatAmount(row.payout) : null,
    profit: settled && row.payout !== null ? formatAmount(row.payout - row.amount - row.fee) : null,
    settledAt: row.settledAt?.toISOString() ?? null,
    balanceAfter: row.balanceAfter === null ? null : formatAmount(row.balanceAfter),
    source: priceSourceOf(row.symbol, stream),
    account: row.account,
  };
}

export async function findOrder(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

// Reads for the screens

export async function toOrders(
  db: DbOrTx,
  rows: OrderRow[],
  stream: MarketStreamConfig | null,
  lang: Lang,
): Promise<Order[]> {
  return withProducts(rows, await productDisplayInfo(db), stream, lang);
}

function withProducts(
  rows: readonly OrderRow[],
  info: Awaited<ReturnType<typeof productDisplayInfo>>,
  stream: MarketStreamConfig | null,
  lang: Lang,
): Order[] {
  return rows.map((r) =>
    toOrder(r, info.get(r.symbol) ?? { nameI18n: englishOnlyName(r.symbol), pricePrecision: 2 }, stream, lang),
  );
}

export async function heldOrders(
  db: DbOrTx,
  userId: number,
  stream: MarketStreamConfig | null,
  lang: Lang,
  account: OrderAccount = 'real',
): Promise<HeldOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'open'), eq(orders.account, account)))
    .orderBy(asc(orders.endTime));
  // One read of the products serves both the orders and their current prices.
  const [info, last] = await Promise.all([productDisplayInfo(db), lastTicks(db)]);
  return withProducts(rows, info, stream, lang).map((o, i) => {
    const row = rows[i]!;
    const current = last.get(row.symbol)?.price ?? null;
    const p = info.get(row.symbol)?.pricePrecision ?? 2;
    let wouldWin: HeldOrder['wouldWin'] = null;
    if (current !== null && row.entryPrice !== null) {
      wouldWin =
        current === row.entryPrice ? 'tie' : (row.direction === 'up') === current > row.entryPrice ? 'win' : 'lose';
    }
    return {
      ...o,
      currentPrice: current === null ? null : formatPrice(current, p),
      secondsLeft: Math.max(0, Math.ceil((row.endTime.getTime() - Date.now()) / 1000)),
      wouldWin,
    };
  });
}

export async function listOrders(
  db: DbOrTx,
  userId: number,
  filter: {
    symbol?: string;
    status?: 'won' | 'lost' | 'tie' | 'void';
    direction?: 'up' | 'down';
    settledOnly: boolean;
    /** Issue 14: real orders unless practice is asked for; the two never mix in one list. */
    account?: OrderAccount;
  },
  page: { page: number; pageSize: number },
  stream: MarketStreamConfig | null,
  lang: Lang,
) {
  const conditions: SQL[] = [eq(orders.userId, userId), eq(orders.account, filter.account ?? 'real')];
  if (filter.settledOnly) conditions.push(sql`${orders.status} <> 'open'`);
  if (filter.symbol) conditions.push(eq(orders.symbol, filter.symbol));
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.direction) conditions.push(eq(orders.direction, filter.direction));
  const { rows, total } = await pageOfOrders(db, conditions, page);
  return { list: await toOrders(db, rows, stream, lang), total, ...page };
}

/** One page of the orders that meet every condition, newest first, and how many there are. */
async function pageOfOrders(
  db: DbOrTx,
  conditions: SQL[],
  page: { page: number; pageSize: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/** product/orders answers at most this many (the product screen shows the newest). */
const PRODUCT_ORDERS_MAX = 50;

/** The user's open and recent orders on one product, newest first (product/orders). */
export async function productOrders(
  db: DbOrTx,
  userId: number,
  symbol: string,
  stream: MarketStreamConfig | null,
  lang: Lang,
  account: OrderAccount = 'real',
): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.symbol, symbol), eq(orders.account, account)))
    .orderBy(desc(orders.id))
    .limit(PRODUCT_ORDERS_MAX);
  return toOrders(db, rows, stream, lang);
}

/**
 * One of the user's own orders, open or settled. Another user's order answers exactly as an unknown
 * id does, so order numbers cannot be probed.
 */
export async function getUserOrder(
  db: DbOrTx,
  userId: number,
  id: number,
  stream: MarketStreamConfig | null,
  lang: Lang,
): Promise<Order> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  if (!row) throw new AppError('order_not_found');
  const [order] = await toOrders(db, [row], stream, lang);
  return order!;
}

/** Every user's orders for the back office, newest first; read-only. */
export async function listAllOrders(
  db: DbOrTx,
  filter: { userId?: number; symbol?: string; status?: OrderStatus; direction?: 'up' | 'down'; account?: OrderAccount },
  page: { page: number; pageSize: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.account) conditions.push(eq(orders.account, filter.account));
  if (filter.userId !== undefined) conditions.push(eq(orders.userId, filter.userId));
  if (filter.symbol) conditions.push(eq(orders.symbol, filter.symbol));
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.direction) conditions.push(eq(orders.direction, filter.direction));
  return pageOfOrders(db, conditions, page);
}
