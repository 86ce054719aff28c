import type { Lang } from '@app/contract/lang';
import type { JournalKind } from '@app/contract/ledger';
import { formatAmount, parseAmount } from '@app/contract/money';
import { type LocalizedName, nameIn, resolvedNames } from '@app/contract/product-names';
import {
  dailyInterestMinor,
  formatRatePpm,
  type WealthBuyRequest,
  type WealthOrder,
  type WealthOrderStatus,
  type WealthQuote,
  type WealthRevenueEntry,
  type WealthRevenueType,
  type WealthSubmitRequest,
} from '@app/contract/wealth';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import {
  type IdempotencyClaim,
  type IdempotentResult,
  rowKeyOf,
  runIdempotent,
} from '../idempotency/run-idempotent.js';
import { userPostings } from '../ledger/ledger.reads.js';
import { postJournal } from '../ledger/ledger.service.js';
import { NO_SECOND_FACTOR, type SecondFactorPass, verifyPayPassword } from '../users/users.service.js';
import { wealthOrders, wealthProducts } from './wealth.tables.js';
import { getEnabledProduct, type WealthProductRow } from './wealth-products.service.js';
import { maturesAt, purchaseDateOf, wealthCalendar } from './wealth-terms.js';

/**
 * Buying locked deposits (DESIGN.md 6.5): a quote that moves nothing, and a purchase that moves the
 * amount available → earn_locked through the ledger, within the product's quota and per-user
 * maximum. Interest and maturity are the accrual job's (wealth-accrual.ts).
 */

export type WealthOrderRow = typeof wealthOrders.$inferSelect;

interface Terms {
  productId: number;
  /** English; `productNameI18n.en` too. */
  productName: string;
  productNameI18n: LocalizedName;
  amount: bigint;
  cycleDays: number;
  dailyRatePpm: number;
  purchaseDate: string;
}

/** `lang`: the language `productName` is in (the request's; English where there is no request). */
function quoteOf(terms: Terms, timeZone: string, lang: Lang): WealthQuote {
  const calendar = wealthCalendar(terms.purchaseDate, terms.cycleDays);
  const daily = dailyInterestMinor(terms.amount, terms.dailyRatePpm);
  return {
    productId: String(terms.productId),
    productName: nameIn(terms.productNameI18n, lang),
    productNameI18n: resolvedNames(terms.productNameI18n),
    amount: formatAmount(terms.amount),
    cycleDays: terms.cycleDays,
    dailyRate: formatRatePpm(terms.dailyRatePpm),
    dailyInterest: formatAmount(daily),
    estimatedEarnings: formatAmount(daily * BigInt(terms.cycleDays)),
    purchaseDate: calendar.purchaseDate,
    startDate: calendar.startDate,
    endDate: calendar.endDate,
    maturesAt: maturesAt(terms.purchaseDate, terms.cycleDays, timeZone).toISOString(),
  };
}

export function toWealthOrder(row: WealthOrderRow, timeZone: string, lang: Lang): WealthOrder {
  return {
    ...quoteOf(row, timeZone, lang),
    id: String(row.id),
    status: row.status,
    accruedProfit: formatAmount(row.interestPaid),
    daysPaid: row.daysPaid,
    daysLeft: row.cycleDays - row.daysPaid,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** The sum the user holds in the product now (their earning orders). */
async function heldInProduct(db: DbOrTx, userId: number, productId: number): Promise<bigint> {
  const [row] = await db
    .select({ held: sql<string>`coalesce(sum(${wealthOrders.amount}), 0)::text` })
    .from(wealthOrders)
    .where(
      and(eq(wealthOrders.productId, productId), eq(wealthOrders.userId, userId), eq(wealthOrders.status, 'earning')),
    );
  return BigInt(row?.held ?? '0');
}

/** The rules a purchase must pass; the quote checks them too, so a quote that answers is buyable now. */
async function assertPurchasable(db: DbOrTx, product: WealthProductRow, userId: number, amount: bigint) {
  if (amount < product.minAmount) throw new AppError('wealth_amount_below_minimum');
  if ((await heldInProduct(db, userId, product.id)) + amount > product.maxPerUser) {
    throw new AppError('wealth_user_limit_exceeded');
  }
  if (product.soldAmount + amount > product.quotaTotal) throw new AppError('wealth_quota_exceeded');
}

function termsOf(product: WealthProductRow, amount: bigint, now: Date, timeZone: string): Terms {
  return {
    productId: product.id,
    productName: product.name,
    productNameI18n: product.nameI18n,
    amount,
    cycleDays: product.cycleDays,
    dailyRatePpm: product.dailyRatePpm,
    purchaseDate: purchaseDateOf(now, timeZone),
  };
}

/** `wealth/buy`: the terms of buying now. Moves nothing. */
export async function quotePurchase(
  db: Db,
  userId: number,
  request: WealthBuyRequest,
  timeZone: string,
  lang: Lang,
  now = new Date(),
): Promise<WealthQuote> {
  const product = await getEnabledProduct(db, Number(request.productId));
  const amount = parseAmount(request.amount);
  await assertPurchasable(db, product, userId, amount);
  return quoteOf(termsOf(product, amount, now, timeZone), timeZone, lang);
}

/**
 * `wealth/submit`. The product row is locked for the purchase, so parallel purchases queue on it
 * and the quota and per-user maximum hold however many arrive at once; a repeated request key
 * answers the order it made before and moves nothing.
 */
export async function submitPurchase(
  db: Db,
  userId: number,
  request: WealthSubmitRequest,
  timeZone: string,
  claim: IdempotencyClaim | null,
  lang: Lang,
  now = new Date(),
  secondFactor: SecondFactorPass = NO_SECOND_FACTOR,
): Promise<IdempotentResult<WealthOrder>> {
  const amount = parseAmount(request.amount);
  await verifyPayPassword(db, userId, request.payPassword);
  return runIdempotent(db, claim, async (tx) => {
    await secondFactor.spend(tx);
    const [product] = await tx
      .select()
      .from(wealthProducts)
      .where(eq(wealthProducts.id, Number(request.productId)))
      .for('update');
    if (!product?.enabled) throw new AppError('wealth_product_not_found');
    await assertPurchasable(tx, product, userId, amount);
    const row = await createOrder(tx, userId, termsOf(product, amount, now, timeZone), rowKeyOf(claim));
    return toWealthOrder(row, timeZone, lang);
  });
}

async function createOrder(tx: Tx, userId: number, terms: Terms, requestKey: string): Promise<WealthOrderRow> {
  const calendar = wealthCalendar(terms.purchaseDate, terms.cycleDays);
  await tx
    .update(wealthProducts)
    .set({ soldAmount: sql`${wealthProducts.soldAmount} + ${terms.amount}` })
    .where(eq(wealthProducts.id, terms.productId));
  const [order] = await tx
    .insert(wealthOrders)
    .values({
      userId,
      ...terms,
      dailyInterest: dailyInterestMinor(terms.amount, terms.dailyRatePpm),
      nextPayoutDate: calendar.firstPayoutDate,
      requestKey,
    })
    .returning();
  // Refused (and the whole purchase with it) when the available balance is short.
  await postJournal(tx, {
    kind: 'wealth_purchase',
    idempotencyKey: `wealth:${order!.id}:purchase`,
    reference: { type: 'wealth_order', id: order!.id },
    postings: [
      { account: { userId, kind: 'available' }, amount: -terms.amount },
      { account: { userId, kind: 'earn_locked' }, amount: terms.amount },
    ],
  });
  return order!;
}

/** `wealth/orders`: the user's orders, newest first. */
export async function listUserOrders(
  db: DbOrTx,
  userId: number,
  filter: { status?: WealthOrderStatus },
  page: { page: number; pageSize: number },
  timeZone: string,
  lang: Lang,
) {
  const conditions: SQL[] = [eq(wealthOrders.userId, userId)];
  if (filter.status) conditions.push(eq(wealthOrders.status, filter.status));
  return pageOfOrders(db, and(...conditions), page, (row) => toWealthOrder(row, timeZone, lang));
}

/** The back office's view: every order, newest first, optionally filtered. */
export async function listAllOrders(
  db: DbOrTx,
  filter: { status?: WealthOrderStatus; productId?: number; userId?: number },
  page: { page: number; pageSize: number },
  timeZone: string,
) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(wealthOrders.status, filter.status));
  if (filter.productId !== undefined) conditions.push(eq(wealthOrders.productId, filter.productId));
  if (filter.userId !== undefined) conditions.push(eq(wealthOrders.userId, filter.userId));
  return pageOfOrders(db, conditions.length ? and(...conditions) : undefined, page, (row) =>
    toWealthOrder(row, timeZone, 'en'),
  );
}

async function pageOfOrders<T>(
  db: DbOrTx,
  where: SQL | undefined,
  page: { page: number; pageSize: number },
  map: (row: WealthOrderRow) => T,
) {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(wealthOrders)
      .where(where)
      .orderBy(desc(wealthOrders.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(wealthOrders).where(where),
  ]);
  return { rows, list: rows.map(map), total: totalRow?.total ?? 0, ...page };
}

const REVENUE_KINDS: Record<WealthRevenueType, JournalKind> = {
  principal: 'wealth_maturity',
  profit: 'wealth_interest',
  expenditure: 'wealth_purchase',
};
const REVENUE_TYPE_OF = new Map(Object.entries(REVENUE_KINDS).map(([type, kind]) => [kind, type as WealthRevenueType]));

/**
 * The revenue record: the user's available-balance postings of locked deposits, newest first:
 * principal returned, profit (interest) paid, and expenditure (purchases, negative).
 */
export async function listRevenue(
  db: DbOrTx,
  userId: number,
  filter: { type?: WealthRevenueType },
  page: { page: number; pageSize: number },
): Promise<{ list: WealthRevenueEntry[]; total: number }> {
  const kinds = filter.type ? [REVENUE_KINDS[filter.type]] : Object.values(REVENUE_KINDS);
  const { list, total } = await userPostings(db, userId, { kinds, account: 'available' }, page);
  return {
    total,
    list: list.map((entry) => ({
      id: entry.id,
      type: REVENUE_TYPE_OF.get(entry.kind)!,
      amount: entry.amount,
      orderId: entry.referenceId,
      createdAt: entry.createdAt,
    })),
  };
}
