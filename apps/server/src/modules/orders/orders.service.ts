import type { ErrorName } from '@app/contract/errors';
import type { CreateOrderRequest, HeldOrder, Order, OrderStatus } from '@app/contract/markets';
import { formatAmount, parseAmount } from '@app/contract/money';
import { orderFeeMinor } from '@app/contract/order-rules';
import { and, asc, count, desc, eq, gt, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { AppError } from '../../http/app-error.js';
import { storedAnswer } from '../idempotency/idempotency.plugin.js';
import { accountKey, JOURNAL_BATCH_MAX, journalForDatabase, postJournals, transact } from '../ledger/ledger.service.js';
import { lastTicks } from '../markets/markets.service.js';
import { products, ticks } from '../markets/markets.tables.js';
import { type MarketStreamConfig, priceSourceOf } from '../markets/price-source.js';
import { formatPrice } from '../markets/prices.js';
import { cachedProductRow, forgetProduct } from '../markets/product-cache.js';
import { referralCashbackJournals } from '../referral/referral.service.js';
import type { TradingLimits } from '../settings/settings.service.js';
import { recordEntry } from './entry-recorder.js';
import { waitForEntryTick } from './entry-ticks.js';
import { releaseExposure } from './exposure.js';
import { type PlacementRefusal, placeOrder } from './order-placer.js';
import type { OrderRow } from './order-rows.js';
import { orders } from './orders.tables.js';
import { ENTRY_WAIT_MS, EXIT_STALENESS_MS, type Outcome, settle, type TickPoint } from './settlement.js';

export type { OrderRow };

type ProductRow = typeof products.$inferSelect;

/** `stream`: the configured live stream (config.marketStream), which decides the order's `source`. */
export function toOrder(
  row: OrderRow,
  product: { name: string; pricePrecision: number },
  stream: MarketStreamConfig | null,
): Order {
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
    source: priceSourceOf(row.symbol, stream),
  };
}

/** What order/create answers: the order (new, or the one a repeated key placed), or an answer stored under the key. */
export type PlaceOrderResult =
  | { kind: 'order'; order: Order; isReplay: boolean }
  | { kind: 'stored'; status: number; body: string };

/** The request's `Idempotency-Key` as the service keeps it (`requestKey`), and the request's hash when the client sent one. */
export interface OrderRequestKey {
  requestKey: string;
  requestHash: string | null;
}

/** What order_place_batch (migration 0013) refuses an order for, as the errors the client gets. */
const PLACEMENT_REFUSALS: Record<Exclude<PlacementRefusal, typeof RULES_CHANGED>, ErrorName> = {
  OP002: 'market_stale',
  OP003: 'order_limit_reached',
  OP004: 'exposure_limit_reached',
  LB001: 'insufficient_balance',
};
/** The product's rules changed (or it was disabled) since they were read: read them again. */
const RULES_CHANGED = 'OP001';
/** A product whose rules change under a burst of orders is read again at most this often per order. */
const RULES_READS_MAX = 3;

/**
 * Places an order with the others that come in at the same moment (order-placer.ts: one database
 * call, `order_place_batch`, per batch): under the user's lock, a repeated key finds its first order
 * or stored answer; the product's rules, the market's freshness and the risk limits are checked; the
 * stake and fee leave `available` in one journal built by the ledger service; and the row goes in.
 * Then the answer waits for the entry tick (the first recorded after acceptance), normally within a
 * second.
 */
export async function createOrder(
  db: Db,
  userId: number,
  input: CreateOrderRequest,
  limits: TradingLimits,
  key: OrderRequestKey,
  stream: MarketStreamConfig | null,
): Promise<PlaceOrderResult> {
  const amount = parseAmount(input.amount);
  // The stake journal's key is the request's, so one request key can never post two stakes.
  const journalKey = `order:${userId}:${key.requestKey}:stake`;
  for (let read = 1; ; read++) {
    const rules = await stakeRules(db, input, amount, limits);
    // Refused before the key was looked up: a key that already has an answer gives that answer instead.
    if (typeof rules === 'string')
      return (await earlierAnswer(db, userId, input, amount, key, stream)) ?? refuse(rules);
    const { product, period } = rules;
    const fee = orderFeeMinor(amount, product.feeRateBp);
    const journal = journalForDatabase({
      kind: 'order_stake',
      idempotencyKey: journalKey,
      postings: [
        { account: { userId, kind: 'available' }, amount: -(amount + fee) },
        { account: { userId, kind: 'trading' }, amount },
        ...(fee > 0n ? [{ account: { platform: 'fees' as const }, amount: fee }] : []),
      ],
    });
    const placed = await placeOrder(db, {
      userId,
      requestKey: key.requestKey,
      requestHash: key.requestHash,
      symbol: product.symbol,
      rulesUpdatedAt: product.updatedAt,
      direction: input.direction,
      amount,
      fee,
      payoutRateBp: period.payoutRateBp,
      period: period.seconds,
      maxOpenOrders: limits.maxOpenOrdersPerUser,
      maxExposure: parseAmount(limits.maxExposurePerSymbolDirection),
      journal,
      availableKey: accountKey({ userId, kind: 'available' }),
    });
    switch (placed.outcome) {
      case 'placed':
        return { kind: 'order', order: toOrder(await awaitEntry(db, placed.row), product, stream), isReplay: false };
      case 'replay':
        return {
          kind: 'order',
          order: toOrder(await replayedOrder(db, placed.row, input, amount), product, stream),
          isReplay: true,
        };
      case 'stored':
        return storedResult(
          { requestHash: placed.storedHash ?? '', status: placed.storedStatus, body: placed.storedBody ?? '' },
          key,
        );
      case 'refused':
        if (placed.refusal === RULES_CHANGED) {
          forgetProduct(db, input.symbol);
          if (read < RULES_READS_MAX) continue;
          throw new AppError('product_not_found');
        }
        throw new AppError(PLACEMENT_REFUSALS[placed.refusal]);
    }
  }
}

/** The product and period the order is placed on, or the refusal when the stake breaks their rules. */
async function stakeRules(db: Db, input: CreateOrderRequest, amount: bigint, limits: TradingLimits) {
  let product: ProductRow;
  try {
    product = await cachedProductRow(db, input.symbol);
  } catch (error) {
    if (error instanceof AppError) return error.errorName;
    throw error;
  }
  const period = product.periods.find((p) => p.seconds === input.period);
  if (!period) return 'order_period_unavailable' as const;
  if (amount < BigInt(period.minStakeMinor) || amount > BigInt(period.maxStakeMinor)) {
    return 'order_stake_out_of_range' as const;
  }
  if (amount > parseAmount(limits.maxStakePerOrder)) return 'order_stake_above_limit' as const;
  return { product, period };
}

function refuse(name: ErrorName): never {
  throw new AppError(name);
}

/**
 * What the request's key answered before, read directly (the path of requests refused before
 * `order_place_batch` could look): its order, or the refusal stored under it; null when it has none.
 */
async function earlierAnswer(
  db: Db,
  userId: number,
  input: CreateOrderRequest,
  amount: bigint,
  key: OrderRequestKey,
  stream: MarketStreamConfig | null,
): Promise<PlaceOrderResult | null> {
  if (key.requestHash === null) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.requestKey, key.requestKey)));
  if (row) {
    // Its product may be disabled now: read for the answer, not from the rules in memory.
    const [order] = await toOrders(db, [await replayedOrder(db, row, input, amount)], stream);
    return { kind: 'order', order: order!, isReplay: true };
  }
  const stored = await storedAnswer(db, userId, key.requestKey);
  return stored ? storedResult(stored, key) : null;
}

/** The order a repeated key placed, with its entry (waited for if still coming); refused for another body. */
async function replayedOrder(db: Db, row: OrderRow, input: CreateOrderRequest, amount: bigint): Promise<OrderRow> {
  if (!isSameOrder(row, input, amount)) throw new AppError('idempotency_key_reused_with_other_body');
  return row.entryTime || row.status !== 'open' ? row : awaitEntry(db, row);
}

/** An answer stored under the key: given again for the same request, refused for another one (or a claim still running). */
function storedResult(
  stored: { requestHash: string; status: number | null; body: string },
  key: OrderRequestKey,
): PlaceOrderResult {
  if (stored.requestHash !== key.requestHash || stored.status === null) {
    throw new AppError('idempotency_key_reused_with_other_body');
  }
  return { kind: 'stored', status: stored.status, body: stored.body };
}

function isSameOrder(row: OrderRow, input: CreateOrderRequest, amount: bigint): boolean {
  return (
    row.symbol === input.symbol &&
    row.direction === input.direction &&
    row.amount === amount &&
    row.period === input.period
  );
}

/** Waits for the first tick after acceptance and records it on the order (for display; settlement re-derives it). */
async function awaitEntry(db: Db, row: OrderRow): Promise<OrderRow> {
  const acceptedAtMs = row.acceptedAt.getTime();
  const entry = await waitForEntryTick(db, {
    symbol: row.symbol,
    after: row.acceptedAt,
    latestMs: acceptedAtMs + ENTRY_WAIT_MS,
    giveUpAtMs: acceptedAtMs + ENTRY_WAIT_MS + 500,
  });
  if (entry) return (await recordEntry(db, row.id, entry)) ?? (await findOrder(db, row.id))!;
  // No entry tick in time: the order is void now (stake and fee back), not at its end.
  await voidOrder(db, row.id);
  return (await findOrder(db, row.id))!;
}

export async function findOrder(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

/** Orders one settlement transaction claims at most: bounds its locks, its tick read and its journal batch. */
export const SETTLEMENT_BATCH_MAX = 500;

type Settlement = { row: OrderRow; outcome: Outcome };

/**
 * Settles a batch of due orders exactly once, in one transaction of a few round trips: the rows are
 * claimed with FOR UPDATE SKIP LOCKED (parallel workers, in any process, share the work), each
 * symbol's ticks are read once for the batch, the rule of DESIGN.md 6.4 (`settle`) decides each
 * order, the rows move from open in one statement and the journals, keyed by the orders' own ids,
 * post in one ledger call. An order is due once the tick of its end's second is recorded (then every
 * tick up to its end is), or 5 s after its end without one (feed outage). Answers the settled rows.
 */
export async function settleDueOrders(
  db: Db,
  options: { limit?: number; orderIds?: readonly number[] } = {},
): Promise<OrderRow[]> {
  return transact(db, async (tx) => {
    const due = await tx
      .select()
      .from(orders)
      .where(isDue(new Date(), options.orderIds))
      .orderBy(asc(orders.endTime))
      .limit(options.limit ?? SETTLEMENT_BATCH_MAX)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ticksBySymbol = await readTicksFor(tx, due);
    return applySettlements(
      tx,
      due.map((row) => ({
        row,
        outcome: settle(settlementInputOf(row), ticksOfOrder(ticksBySymbol.get(row.symbol), row)),
      })),
    );
  });
}

/** Ids of due orders, oldest first, without claiming them (for settling them one at a time). */
export async function dueOrderIds(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(isDue(new Date()))
    .orderBy(asc(orders.endTime))
    .limit(limit);
  return rows.map((r) => r.id);
}

function isDue(now: Date, orderIds?: readonly number[]): SQL | undefined {
  const isOpenAndEnded = sql`${orders.status} = 'open' AND ${orders.endTime} <= ${now}`;
  // The newest tick of each symbol with ended orders, found once per query (an index probe per
  // symbol), instead of a probe per order.
  const newestTicks = sql`(SELECT jsonb_object_agg(s.symbol, (SELECT max(t.time) FROM ${ticks} t WHERE t.symbol = s.symbol))
    FROM (SELECT DISTINCT ${orders.symbol} AS symbol FROM ${orders} WHERE ${isOpenAndEnded}) s)`;
  return and(
    isOpenAndEnded,
    orderIds ? inArray(orders.id, [...orderIds]) : undefined,
    or(
      // Ticks are stamped on whole seconds (markets/engine.ts TICK_MS): once the tick of the end's
      // second is in, every tick at or before the end is, and the order can be decided.
      sql`date_trunc('second', ${orders.endTime}) <= (${newestTicks} ->> ${orders.symbol})::timestamptz`,
      lte(orders.endTime, new Date(now.getTime() - EXIT_STALENESS_MS)),
    ),
  );
}

/**
 * Voids one open order whose entry tick did not come in time: stake and fee return, exactly once.
 * Answers the order with its entry instead when that tick is recorded after all.
 */
export async function voidOrder(db: Db, id: number): Promise<OrderRow | null> {
  return transact(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.status, 'open')))
      .for('update', { skipLocked: true });
    if (!row) return null;
    // Looked at again under the lock: an entry tick that came in time since the caller looked means
    // the order stands (the rule decides from the recorded ticks, not from when anyone looked).
    const [entry] = await tx
      .select()
      .from(ticks)
      .where(and(eq(ticks.symbol, row.symbol), gt(ticks.time, row.acceptedAt)))
      .orderBy(asc(ticks.time))
      .limit(1);
    if (entry && entry.time.getTime() <= row.acceptedAt.getTime() + ENTRY_WAIT_MS) {
      const [withEntry] = await tx
        .update(orders)
        .set({ entryTime: entry.time, entryPrice: entry.price })
        .where(eq(orders.id, row.id))
        .returning();
      return withEntry!;
    }
    const [settled] = await applySettlements(tx, [
      { row, outcome: settle({ ...settlementInputOf(row), endTimeMs: row.acceptedAt.getTime() }, []) },
    ]);
    return settled!;
  });
}

/**
 * The ticks the batch needs, in one query: per symbol, the orders' windows (acceptance, end] merged
 * where they overlap, so no tick is read twice and a backlog of far-apart orders reads no gaps.
 */
async function readTicksFor(tx: Tx, rows: readonly OrderRow[]): Promise<Map<string, TickPoint[]>> {
  const windows: Array<{ symbol: string; from: number; to: number }> = [];
  const sorted = [...rows].sort(
    (a, b) => a.symbol.localeCompare(b.symbol) || a.acceptedAt.getTime() - b.acceptedAt.getTime(),
  );
  for (const row of sorted) {
    const last = windows[windows.length - 1];
    const from = row.acceptedAt.getTime();
    const to = row.endTime.getTime();
    if (last && last.symbol === row.symbol && from <= last.to) last.to = Math.max(last.to, to);
    else windows.push({ symbol: row.symbol, from, to });
  }
  const found = await queryRows<{ symbol: string; time: Date | string; price: string }>(
    tx,
    sql`SELECT t.symbol, t.time, t.price::text AS price
      FROM jsonb_to_recordset(${JSON.stringify(
        windows.map((w) => ({ symbol: w.symbol, from_time: new Date(w.from), to_time: new Date(w.to) })),
      )}::jsonb) AS w(symbol text, from_time timestamptz, to_time timestamptz)
      JOIN ticks t ON t.symbol = w.symbol AND t.time > w.from_time AND t.time <= w.to_time
      ORDER BY t.symbol, t.time`,
  );
  const bySymbol = new Map<string, TickPoint[]>();
  for (const r of found) {
    const list = bySymbol.get(r.symbol) ?? [];
    if (list.length === 0) bySymbol.set(r.symbol, list);
    list.push({ timeMs: new Date(r.time).getTime(), price: BigInt(r.price) });
  }
  return bySymbol;
}

/** The order's own window (acceptance, end] of its symbol's sorted ticks, found by binary search. */
function ticksOfOrder(symbolTicks: readonly TickPoint[] | undefined, row: OrderRow): readonly TickPoint[] {
  if (!symbolTicks) return [];
  const firstAfter = (timeMs: number) => {
    let lo = 0;
    let hi = symbolTicks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (symbolTicks[mid]!.timeMs > timeMs) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  return symbolTicks.slice(firstAfter(row.acceptedAt.getTime()), firstAfter(row.endTime.getTime()));
}

/** Writes the outcomes of claimed (locked) open orders in one statement and their journals in one call. */
async function applySettlements(tx: Tx, settlements: readonly Settlement[]): Promise<OrderRow[]> {
  const settledAt = new Date();
  const settled: OrderRow[] = settlements.map(({ row, outcome }) => ({
    ...row,
    status: outcome.status,
    entryTime: outcome.entry ? new Date(outcome.entry.timeMs) : row.entryTime,
    entryPrice: outcome.entry?.price ?? row.entryPrice,
    exitTime: outcome.exit ? new Date(outcome.exit.timeMs) : null,
    exitPrice: outcome.exit?.price ?? null,
    lowest: outcome.lowest,
    highest: outcome.highest,
    payout: outcome.payout,
    settledAt,
  }));
  const values = settled.map((r) => ({
    id: r.id,
    status: r.status,
    entry_time: r.entryTime,
    entry_price: r.entryPrice?.toString() ?? null,
    exit_time: r.exitTime,
    exit_price: r.exitPrice?.toString() ?? null,
    lowest: r.lowest?.toString() ?? null,
    highest: r.highest?.toString() ?? null,
    payout: r.payout!.toString(),
  }));
  const updated = await queryRows<{ id: string | number }>(
    tx,
    sql`UPDATE orders o SET status = v.status, entry_time = v.entry_time, entry_price = v.entry_price,
        exit_time = v.exit_time, exit_price = v.exit_price, lowest = v.lowest, highest = v.highest,
        payout = v.payout, settled_at = ${settledAt}
      FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(id bigint, status text,
        entry_time timestamptz, entry_price bigint, exit_time timestamptz, exit_price bigint,
        lowest bigint, highest bigint, payout bigint)
      WHERE o.id = v.id AND o.status = 'open'
      RETURNING o.id`,
  );
  // The rows are locked by this transaction and were open: every one of them moves, or none does.
  if (updated.length !== settled.length) throw new Error('settlement: a claimed order was no longer open');
  await releaseExposure(tx, settled);
  // Each direct inviter's cashback on the kept fees rides in the same transaction and ledger call.
  const journals = [
    ...settlements.map(({ row, outcome }) => settlementJournal(row, outcome.status, outcome.payout)),
    ...(await referralCashbackJournals(
      tx,
      settled.map((r) => ({
        id: r.id,
        userId: r.userId,
        fee: r.fee,
        status: r.status as Exclude<OrderStatus, 'open'>,
      })),
    )),
  ];
  for (let start = 0; start < journals.length; start += JOURNAL_BATCH_MAX) {
    await postJournals(tx, journals.slice(start, start + JOURNAL_BATCH_MAX));
  }
  return settled;
}

/** What the settlement rule needs of an order. */
function settlementInputOf(row: OrderRow) {
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

// Reads for the screens

async function productInfo(db: DbOrTx) {
  const rows = await db
    .select({ symbol: products.symbol, name: products.name, pricePrecision: products.pricePrecision })
    .from(products);
  return new Map(rows.map((r) => [r.symbol, r]));
}

export async function toOrders(db: DbOrTx, rows: OrderRow[], stream: MarketStreamConfig | null): Promise<Order[]> {
  const info = await productInfo(db);
  return rows.map((r) => toOrder(r, info.get(r.symbol) ?? { name: r.symbol, pricePrecision: 2 }, stream));
}

export async function heldOrders(db: DbOrTx, userId: number, stream: MarketStreamConfig | null): Promise<HeldOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'open')))
    .orderBy(asc(orders.endTime));
  const [list, last] = await Promise.all([toOrders(db, rows, stream), lastTicks(db)]);
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
  stream: MarketStreamConfig | null,
) {
  const conditions: SQL[] = [eq(orders.userId, userId)];
  if (filter.settledOnly) conditions.push(sql`${orders.status} <> 'open'`);
  if (filter.symbol) conditions.push(eq(orders.symbol, filter.symbol));
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.direction) conditions.push(eq(orders.direction, filter.direction));
  const { rows, total } = await pageOfOrders(db, conditions, page);
  return { list: await toOrders(db, rows, stream), total, ...page };
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
): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.symbol, symbol)))
    .orderBy(desc(orders.id))
    .limit(PRODUCT_ORDERS_MAX);
  return toOrders(db, rows, stream);
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
): Promise<Order> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  if (!row) throw new AppError('order_not_found');
  const [order] = await toOrders(db, [row], stream);
  return order!;
}

/** Every user's orders for the back office, newest first; read-only. */
export async function listAllOrders(
  db: DbOrTx,
  filter: { userId?: number; symbol?: string; status?: OrderStatus; direction?: 'up' | 'down' },
  page: { page: number; pageSize: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.userId !== undefined) conditions.push(eq(orders.userId, filter.userId));
  if (filter.symbol) conditions.push(eq(orders.symbol, filter.symbol));
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.direction) conditions.push(eq(orders.direction, filter.direction));
  return pageOfOrders(db, conditions, page);
}
