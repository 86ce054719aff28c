import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ticks } from '../markets/markets.tables.js';
import { orders } from './orders.tables.js';
import { fundUsers, insertOpenOrders } from './orders.test-support.js';
import { SettlementWorker } from './settlement-worker.js';

/**
 * DESIGN.md 0, "the house cannot pick outcomes", held by the database itself: whatever code or
 * person runs SQL, a recorded tick and a settled order cannot be changed, and nothing is deleted
 * except ticks past the retention.
 */
let t: TestApp;
let db: Db;
const M = 1_000_000n;
const quiet = { error: () => {} };
/** The current whole second, read in each test (a clock read at import can be another file's faked one). */
const wholeSecondNow = () => Math.floor(Date.now() / 1000) * 1000;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(async () => t.close());

test('a recorded tick cannot be changed or deleted; ticks past the 7-day retention can be pruned', async () => {
  const NOW = wholeSecondNow();
  const recent = { symbol: 'XAGUSD', time: new Date(NOW - 60_000), price: 2_900_000_000n };
  const old = { symbol: 'XAGUSD', time: new Date(NOW - 8 * 86_400_000), price: 2_800_000_000n };
  // Oldest first: a symbol's ticks form a hash chain that only grows forward in time.
  await db.insert(ticks).values([old, recent]);

  await expect(db.update(ticks).set({ price: 1n }).where(eq(ticks.time, recent.time))).rejects.toThrow();
  await expect(db.update(ticks).set({ price: 1n }).where(eq(ticks.time, old.time))).rejects.toThrow();
  await expect(db.delete(ticks).where(eq(ticks.time, recent.time))).rejects.toThrow();
  await expect(db.execute(sql`TRUNCATE ticks`)).rejects.toThrow();
  await db.delete(ticks).where(eq(ticks.time, old.time));

  const left = await db
    .select({ symbol: ticks.symbol, time: ticks.time, price: ticks.price })
    .from(ticks)
    .where(eq(ticks.symbol, 'XAGUSD'));
  expect(left).toEqual([recent]);
});

test('an order’s terms never change, a settled order is final, and no order is deleted', async () => {
  const NOW = wholeSecondNow();
  const userId = 40_001;
  await fundUsers(db, [userId], 100n * M, 'final-test');
  await db.insert(ticks).values([
    { symbol: 'XPTUSD', time: new Date(NOW - 9_000), price: 98_000_000_000n },
    { symbol: 'XPTUSD', time: new Date(NOW - 4_000), price: 98_100_000_000n },
    { symbol: 'XPTUSD', time: new Date(NOW - 2_000), price: 98_200_000_000n },
  ]);
  const [id] = await insertOpenOrders(db, [
    {
      userId,
      symbol: 'XPTUSD',
      direction: 'down',
      amount: 10n * M,
      fee: 0n,
      payoutRateBp: 8500,
      period: 5,
      acceptedAt: new Date(NOW - 9_500),
    },
  ]);
  const byId = eq(orders.id, id!);

  // Open: its terms are fixed from acceptance.
  await expect(db.update(orders).set({ payoutRateBp: 9900 }).where(byId)).rejects.toThrow();
  await expect(db.update(orders).set({ amount: 1n }).where(byId)).rejects.toThrow();
  await expect(
    db
      .update(orders)
      .set({ endTime: new Date(NOW) })
      .where(byId),
  ).rejects.toThrow();

  // Settled by the rule from the recorded ticks (entry and exit are the same tick, 980.00: a tie)...
  expect(await new SettlementWorker(db, quiet).runOnce()).toBe(1);
  const [settled] = await db.select().from(orders).where(byId);
  expect(settled!.status).toBe('tie');

  // ...and final: no result, price or payout can be rewritten, nor the row removed.
  await expect(db.update(orders).set({ status: 'won' }).where(byId)).rejects.toThrow();
  await expect(db.update(orders).set({ exitPrice: 1n }).where(byId)).rejects.toThrow();
  await expect(
    db
      .update(orders)
      .set({ payout: 100n * M })
      .where(byId),
  ).rejects.toThrow();
  await expect(db.delete(orders).where(byId)).rejects.toThrow();
  await expect(db.execute(sql`TRUNCATE orders`)).rejects.toThrow();
  expect((await db.select().from(orders).where(byId))[0]).toEqual(settled);
});
