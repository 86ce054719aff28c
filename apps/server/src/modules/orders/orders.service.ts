import type { CreateOrderRequest, HeldOrder, Order, OrderStatus } from '@app/contract/markets';
import { formatAmount, parseAmount } from '@app/contract/money';
import { and, asc, count, desc, eq, gt, lte, type SQL, sql, sum } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { userAccountBalance } from '../ledger/ledger.reads.js';
import { postJournal, transact } from '../ledger/ledger.service.js';
import { getProductRow, lastTicks } from '../markets/markets.service.js';
import { products, ticks } from '../markets/markets.tables.js';
import { formatPrice } from '../markets/prices.js';
import { SIMULATED_SOURCE } from '../markets/simulated-source.js';
import type { TradingLimits } from '../settings/settings.service.js';
import { orders } from './orders.tables.js';
import { ENTRY_WAIT_MS, EXIT_STALENESS_MS, settle } from './settlement.js';

type OrderRow = typeof orders.$inferSelect;
const MARKET_STALE_MS = 5_000;
const ENTRY_POLL_MS = 100;

export function toOrder(row: OrderRow, product: { name: string; pricePrecision: number }): Order {
  const p = product.pricePrecision;
  const tick = (time: Date | null, price: bigint | null) =>
    time && price !== null ? { time: time.toISOString(), price: formatPrice(price, p) } : null;
  const settled = row.status !== 'open';
  return {
    id: String(row.id),
    symbol: row.symbol,
    productName: product.name,
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
    source: SIMULATED_SOURCE,
  };
}

/**
 * Places an order: the stake and fee leave `available` in one journal, then the answer waits for
 * the entry tick (the first recorded after acceptance), normally within a second.
 */
export async function createOrder(
  db: Db,
  userId: number,
  input: CreateOrderRequest,
  limits: TradingLimits,
  requestKey: string,
): Promise<OrderRow> {
  const product = await getProductRow(db, input.symbol);
  const period = product.periods.find((p) => p.seconds === input.period);
  if (!period) throw new AppError('order_period_unavailable');
  const amount = parseAmount(input.amount);
  if (amount < BigInt(period.minStakeMinor) || amount > BigInt(period.maxStakeMinor)) {
    throw new AppError('order_stake_out_of_range');
  }
  const last = (await lastTicks(db)).get(product.symbol);
  if (!last || Date.now() - last.time.getTime() > MARKET_STALE_MS) throw new AppError('market_stale');
  const fee = (amount * BigInt(product.feeRateBp) + 9_999n) / 10_000n;

  const row = await transact(db, async (tx) => {
    // One user's orders are placed one at a time, so the open-order limit and a repeated key hold.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${7_262_400}, ${userId})`);
    const [existing] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.requestKey, requestKey)));
    if (existing) return existing;
    await checkLimits(tx, userId, input, amount, limits);
    const acceptedAt = new Date();
    const [created] = await tx
      .insert(orders)
      .values({
        userId,
        symbol: product.symbol,
        direction: input.direction,
        amount,
        fee,
        payoutRateBp: period.payoutRateBp,
        period: period.seconds,
        acceptedAt,
        endTime: new Date(acceptedAt.getTime() + period.seconds * 1000),
        requestKey,
      })
      .returning();
    await postJournal(tx, {
      kind: 'order_stake',
      idempotencyKey: `order:${created!.id}:stake`,
      reference: { type: 'order', id: created!.id },
      postings: [
        { account: { userId, kind: 'available' }, amount: -(amount + fee) },
        { account: { userId, kind: 'trading' }, amount },
        ...(fee > 0n ? [{ account: { platform: 'fees' as const }, amount: fee }] : []),
      ],
    });
    const balanceAfter = await userAccountBalance(tx, userId, 'available');
    const [withBalance] = await tx.update(orders).set({ balanceAfter }).where(eq(orders.id, created!.id)).returning();
    return withBalance!;
  });
  return row.entryTime ? row : awaitEntry(db, row);
}

async function checkLimits(tx: Tx, userId: number, input: CreateOrderRequest, amount: bigint, limits: TradingLimits) {
  const [open] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'open')));
  if ((open?.n ?? 0) >= limits.maxOpenOrdersPerUser) throw new AppError('order_limit_reached');
  const [exposure] = await tx
    .select({ total: sum(orders.amount) })
    .from(orders)
    .where(and(eq(orders.symbol, input.symbol), eq(orders.direction, input.direction), eq(orders.status, 'open')));
  if (BigInt(exposure?.total ?? 0) + amount > parseAmount(limits.maxExposurePerSymbolDirection)) {
    throw new AppError('exposure_limit_reached');
  }
}

/** Waits for the first tick after acceptance and records it on the order (for display; settlement re-derives it). */
async function awaitEntry(db: Db, row: OrderRow): Promise<OrderRow> {
  const deadline = row.acceptedAt.getTime() + ENTRY_WAIT_MS + 500;
  while (Date.now() < deadline) {
    const [entry] = await db
      .select()
      .from(ticks)
      .where(and(eq(ticks.symbol, row.symbol), gt(ticks.time, row.acceptedAt)))
      .orderBy(asc(ticks.time))
      .limit(1);
    if (entry && entry.time.getTime() <= row.acceptedAt.getTime() + ENTRY_WAIT_MS) {
      const [updated] = await db
        .update(orders)
        .set({ entryTime: entry.time, entryPrice: entry.price })
        .where(and(eq(orders.id, row.id), sql`${orders.entryTime} IS NULL`))
        .returning();
      return updated ?? (await findOrder(db, row.id))!;
    }
    await new Promise((r) => setTimeout(r, ENTRY_POLL_MS));
  }
  // No entry tick in time: the order is void now (stake and fee back), not at its end.
  await settleOrder(db, row.id, { force: true });
  return (await findOrder(db, row.id))!;
}

export async function findOrder(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/**
 * Settles one order exactly once: the row is locked (SKIP LOCKED, so parallel workers share the
 * work), the outcome comes from the recorded ticks, the status moves from open in the same
 * transaction as the journal, whose key is the order's own.
 */
export async function settleOrder(db: Db, id: number, options: { force?: boolean } = {}): Promise<OrderRow | null> {
  return transact(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.status, 'open')))
      .for('update', { skipLocked: true });
    if (!row) return null;
    const now = Date.now();
    if (!options.force) {
      if (now < row.endTime.getTime()) return null;
      // Wait for the first tick after the end (then every tick up to it is recorded), at most 5 s.
      const [after] = await tx
        .select({ time: ticks.time })
        .from(ticks)
        .where(and(eq(ticks.symbol, row.symbol), gt(ticks.time, row.endTime)))
        .limit(1);
      if (!after && now < row.endTime.getTime() + EXIT_STALENESS_MS) return null;
    }
    const window = await tx
      .select({ time: ticks.time, price: ticks.price })
      .from(ticks)
      .where(and(eq(ticks.symbol, row.symbol), gt(ticks.time, row.acceptedAt), lte(ticks.time, row.endTime)))
      .orderBy(asc(ticks.time));
    const outcome = options.force
      ? settle({ ...inputOf(row), endTimeMs: row.acceptedAt.getTime() }, [])
      : settle(
          inputOf(row),
          window.map((t) => ({ timeMs: t.time.getTime(), price: t.price })),
        );
    const [settled] = await tx
      .update(orders)
      .set({
        status: outcome.status,
        entryTime: outcome.entry ? new Date(outcome.entry.timeMs) : row.entryTime,
        entryPrice: outcome.entry?.price ?? row.entryPrice,
        exitTime: outcome.exit ? new Date(outcome.exit.timeMs) : null,
        exitPrice: outcome.exit?.price ?? null,
        lowest: outcome.lowest,
        highest: outcome.highest,
        payout: outcome.payout,
        settledAt: new Date(),
      })
      .where(and(eq(orders.id, id), eq(orders.status, 'open')))
      .returning();
    await postJournal(tx, settlementJournal(row, outcome.status, outcome.payout));
    return settled!;
  });
}

function inputOf(row: OrderRow) {
  return {
    direction: row.direction,
    acceptedAtMs: row.acceptedAt.getTime(),
    endTimeMs: row.endTime.getTime(),
    amount: row.amount,
    fee: row.fee,
    payoutRateBp: row.payoutRateBp,
  };
}

function settlementJournal(row: OrderRow, status: Exclude<OrderStatus, 'open'>, payout: bigint) {
  const user = { userId: row.userId };
  const base = { reference: { type: 'order', id: row.id }, idempotencyKey: `order:${row.id}:settle` };
  if (status === 'void') {
    return {
      ...base,
      kind: 'order_void' as const,
      postings: [
        { account: { ...user, kind: 'trading' as const }, amount: -row.amount },
        ...(row.fee > 0n ? [{ account: { platform: 'fees' as const }, amount: -row.fee }] : []),
        { account: { ...user, kind: 'available' as const }, amount: row.amount + row.fee },
      ],
    };
  }
  // The platform's side of the bet: it pays the winnings or keeps the stake.
  const pnl = row.amount - payout;
  return {
    ...base,
    kind: 'order_settlement' as const,
    postings: [
      { account: { ...user, kind: 'trading' as const }, amount: -row.amount },
      ...(payout > 0n ? [{ account: { ...user, kind: 'available' as const }, amount: payout }] : []),
      ...(pnl !== 0n ? [{ account: { platform: 'trading_pnl' as const }, amount: pnl }] : []),
    ],
  };
}

/** Open orders whose end has passed, oldest first. */
export async function dueOrderIds(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'open'), lte(orders.endTime, new Date())))
    .orderBy(asc(orders.endTime))
    .limit(limit);
  return rows.map((r) => r.id);
}

// Reads for the screens

async function productInfo(db: DbOrTx) {
  const rows = await db
    .select({ symbol: products.symbol, name: products.name, pricePrecision: products.pricePrecision })
    .from(products);
  return new Map(rows.map((r) => [r.symbol, r]));
}

export async function toOrders(db: DbOrTx, rows: OrderRow[]): Promise<Order[]> {
  const info = await productInfo(db);
  return rows.map((r) => toOrder(r, info.get(r.symbol) ?? { name: r.symbol, pricePrecision: 2 }));
}

export async function heldOrders(db: DbOrTx, userId: number): Promise<HeldOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'open')))
    .orderBy(asc(orders.endTime));
  const [list, last] = await Promise.all([toOrders(db, rows), lastTicks(db)]);
  const info = await productInfo(db);
  return list.map((o, i) => {
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
  },
  page: { page: number; pageSize: number },
) {
  const conditions: SQL[] = [eq(orders.userId, userId)];
  if (filter.settledOnly) conditions.push(sql`${orders.status} <> 'open'`);
  if (filter.symbol) conditions.push(eq(orders.symbol, filter.symbol));
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.direction) conditions.push(eq(orders.direction, filter.direction));
  const where = and(...conditions);
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
  return { list: await toOrders(db, rows), total: totalRow?.total ?? 0, ...page };
}
