import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '../../db/client.js';
import { DomainEvents } from '../../domain-events.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { reconcile, userAccountBalance } from '../ledger/ledger.reads.js';
import { ledgerJournals } from '../ledger/ledger.tables.js';
import { ticks } from '../markets/markets.tables.js';
import { addExposure } from './exposure.js';
import { orders } from './orders.tables.js';
import { fundUsers, insertOpenOrders, type OpenOrderSpec } from './orders.test-support.js';
import { settle } from './settlement.js';
import { SettlementWorker } from './settlement-worker.js';

/**
 * Batch settlement of a few hundred orders across symbols and every outcome, on recorded ticks with
 * gaps (feed outages): each order's result must be `settle()` of its own ticks, each order must be
 * credited once, and the books must reconcile.
 */
let t: TestApp;
let db: Db;
const quiet = { error: () => {} };
const M = 1_000_000n;
const T0 = Math.floor(Date.now() / 1000) * 1000 - 600_000;
const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'XAUUSD'];

/** A deterministic generator, so a failure can be replayed. */
function randomFrom(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  // A tick a second for 300 s from T0, prices on a coarse grid so that ties happen; XAUUSD's feed
  // is out from T0+100 s to T0+120 s, ETHUSDT's from T0+200 s to T0+207 s.
  const random = randomFrom(42);
  const rows: Array<{ symbol: string; time: Date; price: bigint }> = [];
  for (const symbol of SYMBOLS) {
    let price = 1_000n;
    for (let s = 0; s <= 300; s++) {
      if (symbol === 'XAUUSD' && s > 100 && s < 120) continue;
      if (symbol === 'ETHUSDT' && s > 200 && s < 207) continue;
      price += BigInt(random(3) - 1);
      rows.push({ symbol, time: new Date(T0 + s * 1000), price });
    }
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(ticks).values(rows.slice(i, i + 500));
}, 60_000);
afterAll(async () => t.close());

test('a few hundred orders settle in batches, each by the rule on its own ticks, once, and the books reconcile', async () => {
  const random = randomFrom(7);
  const users = Array.from({ length: 40 }, (_, i) => 10_000 + i);
  await fundUsers(db, users, 10_000n * M, 'batch-test');
  const specs: OpenOrderSpec[] = Array.from({ length: 300 }, () => {
    const period = [2, 5, 10, 30, 60][random(5)]!;
    return {
      userId: users[random(users.length)]!,
      symbol: SYMBOLS[random(SYMBOLS.length)]!,
      direction: random(2) ? 'up' : 'down',
      amount: BigInt(10 + random(90)) * M,
      fee: BigInt(random(3)) * 500_000n,
      payoutRateBp: 8000 + random(10) * 100,
      period,
      // Some accepted exactly on a tick (the entry is the next one), most between ticks.
      acceptedAt: new Date(T0 + random(230_000) + (random(4) === 0 ? 0 : 1)),
    };
  });
  const ids = await insertOpenOrders(db, specs);

  // Small batches, so that one run crosses many of them, with the same users in several.
  const worker = new SettlementWorker(db, quiet, { batchMax: 64 });
  expect(await worker.runOnce()).toBe(300);
  expect(await worker.runOnce()).toBe(0);

  const settled = await db.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id));
  const statuses = new Set(settled.map((o) => o.status));
  expect([...statuses].sort()).toEqual(['lost', 'tie', 'void', 'won']);
  for (const row of settled) {
    const own = await db
      .select()
      .from(ticks)
      .where(and(eq(ticks.symbol, row.symbol), gt(ticks.time, row.acceptedAt), lte(ticks.time, row.endTime)))
      .orderBy(asc(ticks.time));
    const expected = settle(
      {
        direction: row.direction,
        acceptedAtMs: row.acceptedAt.getTime(),
        endTimeMs: row.endTime.getTime(),
        amount: row.amount,
        fee: row.fee,
        payoutRateBp: row.payoutRateBp,
      },
      own.map((k) => ({ timeMs: k.time.getTime(), price: k.price })),
    );
    expect({ id: row.id, status: row.status, payout: row.payout }).toEqual({
      id: row.id,
      status: expected.status,
      payout: expected.payout,
    });
    expect([row.entryPrice, row.exitPrice, row.lowest, row.highest]).toEqual(
      expected.status === 'void' && !expected.entry
        ? [null, null, null, null]
        : [expected.entry?.price ?? null, expected.exit?.price ?? null, expected.lowest, expected.highest],
    );
    expect(row.exitTime?.getTime() ?? null).toBe(expected.exit?.timeMs ?? null);
    expect(row.settledAt).not.toBeNull();
  }

  // One settlement journal per order, keyed by the order.
  const journals = await db
    .select({ referenceId: ledgerJournals.referenceId, n: sql<number>`count(*)::int` })
    .from(ledgerJournals)
    .where(sql`${ledgerJournals.kind} IN ('order_settlement', 'order_void')`)
    .groupBy(ledgerJournals.referenceId);
  expect(journals).toHaveLength(300);
  expect(journals.every((j) => j.n === 1)).toBe(true);

  // Every user's money: the deposit, less stakes and fees, plus payouts; nothing left in trading.
  for (const userId of users) {
    const mine = settled.filter((o) => o.userId === userId);
    const expected = mine.reduce((sum, o) => sum - o.amount - o.fee + o.payout!, 10_000n * M);
    expect(await userAccountBalance(db, userId, 'available')).toBe(expected);
    expect(await userAccountBalance(db, userId, 'trading')).toBe(0n);
  }
  expect(await reconcile(db)).toMatchObject({ isBalanced: true, postingsSum: { USDT: '0' } });
});

test('an order the ledger refuses (its stake never reached trading) stays open; the rest of its batch settles', async () => {
  const users = [20_001, 20_002];
  await fundUsers(db, users, 1_000n * M, 'refused-test');
  const base = { symbol: 'BTCUSDT', direction: 'up' as const, fee: 0n, payoutRateBp: 8500, period: 10 };
  const good = await insertOpenOrders(
    db,
    Array.from({ length: 10 }, (_, i) => ({
      ...base,
      userId: users[i % 2]!,
      amount: 10n * M,
      acceptedAt: new Date(T0 + 20_500 + i),
    })),
  );
  // A row written behind the ledger's back: settling it would take money out of an empty `trading`.
  const [bad] = await db
    .insert(orders)
    .values({
      ...base,
      userId: 20_003,
      amount: 10n * M,
      acceptedAt: new Date(T0 + 20_000),
      endTime: new Date(T0 + 30_000),
      requestKey: 'written-behind-the-ledger',
    })
    .returning();
  // Counted on the open exposure like any open order: what is left out here is the ledger only.
  await db.transaction((tx) => addExposure(tx, [bad!]));
  const errors: unknown[] = [];
  // One lane: with two, both may retry the batch one order at a time and log the refusal twice.
  const worker = new SettlementWorker(db, { error: (obj) => errors.push(obj) }, { lanes: 1 });
  expect(await worker.runOnce()).toBe(10);
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...good, bad!.id]));
  expect(rows.filter((r) => r.status === 'open').map((r) => r.id)).toEqual([bad!.id]);
  expect(errors).toHaveLength(1);
  expect(await userAccountBalance(db, 20_003, 'trading')).toBe(0n);
  expect(await userAccountBalance(db, 20_003, 'available')).toBe(0n);
  expect((await reconcile(db)).isBalanced).toBe(true);
});

test('a tick recorded by the engine wakes a started worker: the order it decides settles without waiting for a poll', async () => {
  const [userId] = [30_001];
  await fundUsers(db, [userId], 100n * M, 'wake-test');
  // On the engine's grid of whole seconds: accepted at S−3.5 s for 2 s, the order ends at S−1.5 s
  // and is decided by the tick of S−2 s (the last at or before its end).
  const second = Math.floor(Date.now() / 1000) * 1000;
  await db.insert(ticks).values([{ symbol: 'BTCUSDT', time: new Date(second - 3_000), price: 1_000n }]);
  const [id] = await insertOpenOrders(db, [
    {
      userId,
      symbol: 'BTCUSDT',
      direction: 'up',
      amount: 10n * M,
      fee: 0n,
      payoutRateBp: 8500,
      period: 2,
      acceptedAt: new Date(second - 3_500),
    },
  ]);
  // Polling only once a minute: only the wake can settle the order in the next seconds.
  const events = new DomainEvents();
  const settled: number[] = [];
  events.on('orderSettled', ({ row }) => settled.push(row.id));
  const worker = new SettlementWorker(db, quiet, { pollMs: 60_000, events });
  const isOpen = async () => (await db.select().from(orders).where(eq(orders.id, id!)))[0]!.status === 'open';
  // A pass now settles nothing: the order has ended, but the tick of its end's second is not recorded yet.
  expect(await worker.runOnce()).toBe(0);
  expect(await isOpen()).toBe(true);
  worker.start();
  try {
    const deciding = { symbol: 'BTCUSDT', time: new Date(second - 2_000), price: 1_001n };
    await db.insert(ticks).values(deciding);
    events.emit('tick', { ...deciding, candles: [] });
    // Long before the next poll (a minute away), however busy the machine.
    await waitUntil(async () => !(await isOpen()), 'the woken worker to settle the order');
    const [row] = await db.select().from(orders).where(eq(orders.id, id!));
    expect(row).toMatchObject({ status: 'won', entryPrice: 1_000n, exitPrice: 1_001n });
    expect(settled).toEqual([id]); // and it told the app's events, once
  } finally {
    await worker.stop();
  }
  expect(events.listenerCount('tick')).toBe(0); // the worker's listener is gone
});
