import type { OrderStatus } from '@app/contract/markets';
import { currencyOfOrderAccount } from '@app/contract/practice';
import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { transact } from '../../db/transact.js';
import { JOURNAL_BATCH_MAX, postJournals } from '../ledger/ledger.service.js';
import { firstTickAfter, newestTickTimeSql, ticksInWindows } from '../markets/market-reads.js';
import { referralCashbackJournals } from '../referral/referral.service.js';
import { releaseExposure } from './exposure.js';
import type { OrderRow } from './order-rows.js';
import { orders } from './orders.tables.js';
import { ENTRY_WAIT_MS, EXIT_STALENESS_MS, type Outcome, settle, type TickPoint } from './settlement.js';

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
  const newestTicks = sql`(SELECT jsonb_object_agg(s.symbol, ${newestTickTimeSql(sql`s.symbol`)})
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
    const entry = await firstTickAfter(tx, row.symbol, row.acceptedAt);
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

/** Past its entry deadline by this much, an order still without its entry is decided by the sweep. */
export const ENTRY_SWEEP_GRACE_MS = 1_000;

/**
 * The settlement worker's sweep of orders left without their entry past the deadline (5 s after
 * acceptance, and a grace): the process that accepted one normally records its entry within a second
 * (order-desk.ts), but it may have stopped or died first. One transaction per batch, as `voidOrder`
 * decides one order: claimed with FOR UPDATE SKIP LOCKED, the first tick recorded strictly after
 * acceptance and at most 5 s later is written as the entry; without one the order is void, stake and
 * fee back, exactly once (the row's lock and `status = 'open'`; the journal's key). Answers the
 * orders it changed (open with their entry, or void).
 */
export async function decideMissedEntries(db: Db, options: { now?: Date; limit?: number } = {}): Promise<OrderRow[]> {
  return (await sweepMissedEntries(db, { ...options, acceptedAfter: null })).rows;
}

/**
 * `decideMissedEntries` over the orders accepted after `acceptedAfter` (null: all). Also answers
 * `checkedUpTo`: every open order accepted after `acceptedAfter` and up to it had its entry or was
 * decided when the pass ended, so the next pass may start there (a pass reads only the orders accepted
 * since, not every open one: no index names the entry, so that recording it stays a HOT update).
 * Orders still left in the range (held by another transaction, or beyond the batch) hold it back.
 */
export async function sweepMissedEntries(
  db: Db,
  options: { now?: Date; limit?: number; acceptedAfter: Date | null },
): Promise<{ rows: OrderRow[]; checkedUpTo: Date }> {
  const now = options.now ?? new Date();
  const upTo = new Date(now.getTime() - ENTRY_WAIT_MS - ENTRY_SWEEP_GRACE_MS);
  const inRange = and(
    eq(orders.status, 'open'),
    isNull(orders.entryTime),
    lte(orders.acceptedAt, upTo),
    options.acceptedAfter ? gt(orders.acceptedAt, options.acceptedAfter) : undefined,
  );
  return transact(db, async (tx) => {
    const missed = await tx
      .select()
      .from(orders)
      .where(inRange)
      .orderBy(asc(orders.acceptedAt))
      .limit(options.limit ?? SETTLEMENT_BATCH_MAX)
      .for('update', { skipLocked: true });
    const changed = missed.length === 0 ? [] : await decideEntries(tx, missed);
    // What this transaction decided no longer matches; what is left (committed without an entry) holds
    // the next pass back to its acceptance.
    const [left] = await tx
      .select({ oldest: sql<Date | string | null>`min(${orders.acceptedAt})` })
      .from(orders)
      .where(inRange);
    const oldest = left?.oldest ? new Date(left.oldest) : null;
    return { rows: changed, checkedUpTo: oldest ? new Date(oldest.getTime() - 1) : upTo };
  });
}

/** Records the entry of each claimed order whose entry tick is in, and voids the others. */
async function decideEntries(tx: Tx, missed: readonly OrderRow[]): Promise<OrderRow[]> {
  const found = bySymbolOf(
    await ticksInWindows(
      tx,
      missed.map((row) => ({
        symbol: row.symbol,
        fromMs: row.acceptedAt.getTime(),
        toMs: row.acceptedAt.getTime() + ENTRY_WAIT_MS,
      })),
    ),
  );
  const entered: OrderRow[] = [];
  const voided: Settlement[] = [];
  for (const row of missed) {
    const from = row.acceptedAt.getTime();
    const entry = ticksOfOrder(found.get(row.symbol), {
      acceptedAt: row.acceptedAt,
      endTime: new Date(from + ENTRY_WAIT_MS),
    })[0];
    if (entry) entered.push({ ...row, entryTime: new Date(entry.timeMs), entryPrice: entry.price });
    else voided.push({ row, outcome: settle({ ...settlementInputOf(row), endTimeMs: from }, []) });
  }
  if (entered.length > 0) {
    const values = entered.map((r) => ({
      id: r.id,
      entry_time: r.entryTime,
      entry_price: r.entryPrice!.toString(),
    }));
    await tx.execute(
      sql`UPDATE orders o SET entry_time = v.entry_time, entry_price = v.entry_price
        FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(id bigint, entry_time timestamptz, entry_price bigint)
        WHERE o.id = v.id AND o.status = 'open' AND o.entry_time IS NULL`,
    );
  }
  const settled = voided.length > 0 ? await applySettlements(tx, voided) : [];
  return [...entered, ...settled];
}

/**
 * The ticks the batch needs, in one query: per symbol, the orders' windows (acceptance, end] merged
 * where they overlap, so no tick is read twice and a backlog of far-apart orders reads no gaps.
 */
async function readTicksFor(tx: Tx, rows: readonly OrderRow[]): Promise<Map<string, TickPoint[]>> {
  const windows: Array<{ symbol: string; fromMs: number; toMs: number }> = [];
  const sorted = [...rows].sort(
    (a, b) => a.symbol.localeCompare(b.symbol) || a.acceptedAt.getTime() - b.acceptedAt.getTime(),
  );
  for (const row of sorted) {
    const last = windows[windows.length - 1];
    const from = row.acceptedAt.getTime();
    const to = row.endTime.getTime();
    if (last && last.symbol === row.symbol && from <= last.toMs) last.toMs = Math.max(last.toMs, to);
    else windows.push({ symbol: row.symbol, fromMs: from, toMs: to });
  }
  return bySymbolOf(await ticksInWindows(tx, windows));
}

/** Ticks sorted by symbol and time, as each symbol's sorted list. */
function bySymbolOf(found: ReadonlyArray<{ symbol: string; timeMs: number; price: bigint }>): Map<string, TickPoint[]> {
  const bySymbol = new Map<string, TickPoint[]>();
  for (const r of found) {
    const list = bySymbol.get(r.symbol) ?? [];
    if (list.length === 0) bySymbol.set(r.symbol, list);
    list.push({ timeMs: r.timeMs, price: r.price });
  }
  return bySymbol;
}

/** The order's own window (acceptance, end] of its symbol's sorted ticks, found by binary search. */
function ticksOfOrder(
  symbolTicks: readonly TickPoint[] | undefined,
  row: Pick<OrderRow, 'acceptedAt' | 'endTime'>,
): readonly TickPoint[] {
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
  // Each direct inviter's cashback on the kept fees rides in the same transaction and ledger call.
  const journals = [
    ...settlements.map(({ row, outcome }) => settlementJournal(row, outcome.status, outcome.payout)),
    // Practice orders earn no cashback (issue 14): their fees are practice money.
    ...(await referralCashbackJournals(
      tx,
      settled
        .filter((r) => r.account !== 'practice')
        .map((r) => ({
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
  // Last, after the ledger accounts: the lock order of order placement (order-placer.ts), which
  // adds to the exposure after locking its accounts.
  await releaseExposure(tx, settled);
  await tallyClosed(tx, settled);
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
  // A practice order settles by the same rule, in its own currency (issue 14).
  const currency = currencyOfOrderAccount(row.account);
  const user = { userId: row.userId, currency };
  const base = { reference: { type: 'order', id: row.id }, idempotencyKey: `order:${row.id}:settle` };
  if (status === 'void') {
    return {
      ...base,
      kind: 'order_void' as const,
      postings: [
        { account: { ...user, kind: 'trading' as const }, amount: -row.amount },
        ...(row.fee > 0n ? [{ account: { platform: 'fees' as const, currency }, amount: -row.fee }] : []),
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
      ...(pnl !== 0n ? [{ account: { platform: 'trading_pnl' as const, currency }, amount: pnl }] : []),
    ],
  };
}

/**
 * Counts the orders closed here on their users' `closed` tallies (order_tallies: open = placed −
 * closed, read by order/create's open-order limit). Rows only settlement writes, taken last, in user order.
 */
async function tallyClosed(tx: Tx, closed: readonly OrderRow[]): Promise<void> {
  const counts = new Map<string, { user_id: number; account: string; n: number }>();
  for (const row of closed) {
    const key = `${row.userId} ${row.account}`;
    const tally = counts.get(key) ?? { user_id: row.userId, account: row.account, n: 0 };
    tally.n++;
    counts.set(key, tally);
  }
  if (counts.size === 0) return;
  await tx.execute(
    sql`INSERT INTO order_tallies (user_id, account, kind, n)
      SELECT c.user_id, c.account, 'closed', c.n
      FROM jsonb_to_recordset(${JSON.stringify([...counts.values()])}::jsonb) AS c(user_id bigint, account text, n bigint)
      ORDER BY c.user_id, c.account
      ON CONFLICT (user_id, account, kind) DO UPDATE SET n = order_tallies.n + EXCLUDED.n`,
  );
}
