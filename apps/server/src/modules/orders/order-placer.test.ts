import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { reconcile, userAccountBalance } from '../ledger/ledger.reads.js';
import { seedProducts } from '../markets/markets.service.js';
import { ticks } from '../markets/markets.tables.js';
import { OrderPlacer, type PlacementOutcome } from './order-placer.js';
import { orderExposure, orders, orderTallies } from './orders.tables.js';
import { fundUsers } from './orders.test-support.js';
import type { PlacementRequest } from './placement-decision.js';
import { voidOrder } from './settling.js';

/**
 * The batching of order/create (order-placer.ts) seen from its caller: orders sent
 * together are placed together, each decided as if alone. The rules themselves are tested through
 * the API (orders.test.ts, orders.property.test.ts).
 */
let t: TestApp;
let db: Db;
let placer: OrderPlacer;
const placeOrder = (_db: Db, request: PlacementRequest) => placer.place(request);
const M = 1_000_000n;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  placer = new OrderPlacer(db);
  await seedProducts(db);
}, 60_000);
afterAll(async () => t.close());

/**
 * A tick just now: the market is live. Once per test, before its requests: ticks of one chain must
 * come in time order, and two inserted at once may commit out of it.
 */
async function markMarketLive(): Promise<void> {
  await db.insert(ticks).values({ symbol: 'BTCUSDT', time: new Date(), price: 6_500_000n }).onConflictDoNothing();
}

let keys = 0;
function placement(userId: number, amount: bigint): PlacementRequest {
  return {
    userId,
    requestKey: `placer-${++keys}`,
    requestHash: null,
    order: { symbol: 'BTCUSDT', direction: 'up', period: 30, amount },
    limits: { maxStakePerOrder: 100_000n * M, maxOpenOrders: 20, maxExposure: 1_000_000n * M },
  };
}

const kindOf = (o: PlacementOutcome) => (o.kind === 'refuse' ? o.refusal : o.kind);

test('orders sent together are each decided alone: one short of money does not stop the others', async () => {
  const users = [41_001, 41_002, 41_003, 41_004];
  await fundUsers(db, users.slice(0, 3), 100n * M, 'placer-a');
  await markMarketLive();
  const outcomes = await Promise.all(users.map((u) => placeOrder(db, placement(u, 50n * M))));
  expect(outcomes.map(kindOf)).toEqual(['placed', 'placed', 'placed', 'insufficient_balance']);
  for (const u of users.slice(0, 3)) expect(await userAccountBalance(db, u, 'available')).toBe(49_500_000n);
  expect(await userAccountBalance(db, 41_004, 'available')).toBe(0n);
  expect((await reconcile(db)).isBalanced).toBe(true);
});

test('an order that breaks the batch in the database fails alone; the rest of its batch is placed', async () => {
  const users = [42_001, 42_002, 42_003];
  await fundUsers(db, users, 100n * M, 'placer-b');
  await markMarketLive();
  const [good1, bad, good2] = users.map((u) => placement(u, 20n * M));
  // A user id no bigint holds: the snapshot statement fails, and with it the whole transaction.
  const broken = { ...bad!, userId: 2 ** 64 };
  const settled = await Promise.allSettled([good1!, broken, good2!].map((p) => placeOrder(db, p)));
  expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(settled.map((s) => (s.status === 'fulfilled' ? s.value.kind : null))).toEqual(['placed', null, 'placed']);
  expect(await userAccountBalance(db, 42_002, 'available')).toBe(100n * M);
  expect(await userAccountBalance(db, 42_001, 'available')).toBe(79_800_000n);
  expect((await reconcile(db)).isBalanced).toBe(true);
});

test("a user's orders sent at once go one batch after another, so the second sees the first", async () => {
  const userId = 43_001;
  await fundUsers(db, [userId], 30n * M, 'placer-c');
  await markMarketLive();
  const [first, second] = [placement(userId, 20n * M), placement(userId, 20n * M)];
  const outcomes = await Promise.all([placeOrder(db, first!), placeOrder(db, second!)]);
  // 20.2 of 30 goes with the first; the second finds 9.8 left.
  expect(outcomes.map(kindOf)).toEqual(['placed', 'insufficient_balance']);
  // The same key again answers the first order.
  const again = await placeOrder(db, first!);
  const idOf = (o: PlacementOutcome) => (o.kind === 'placed' || o.kind === 'replay' ? o.row.id : null);
  expect(again.kind).toBe('replay');
  expect(idOf(again)).toBe(idOf(outcomes[0]!));
});

test('a product side whose exposure row is missing though the placer knew it: the batch goes again, the row made and locked', async () => {
  const userId = 44_001;
  await fundUsers(db, [userId], 100n * M, 'placer-d');
  await markMarketLive();
  const down = (amount: bigint) => ({
    ...placement(userId, amount),
    order: { ...placement(userId, amount).order, direction: 'down' as const },
  });
  expect(kindOf(await placeOrder(db, down(10n * M)))).toBe('placed');
  // The row the placer knows of is gone (nothing deletes one; this stands in for any guard refusal).
  const side = sql`symbol = 'BTCUSDT' AND direction = 'down' AND account = 'real'`;
  await db.execute(sql`DELETE FROM order_exposure WHERE ${side}`);
  expect(kindOf(await placeOrder(db, down(20n * M)))).toBe('placed');
  const [row] = await db
    .select()
    .from(orderExposure)
    .where(and(eq(orderExposure.symbol, 'BTCUSDT'), eq(orderExposure.direction, 'down')));
  expect(row!.openAmount).toBe(20n * M);
  // Put back the stake the deleted row held.
  await db.execute(sql`UPDATE order_exposure SET open_amount = open_amount + ${String(10n * M)}::bigint WHERE ${side}`);
  expect((await reconcile(db)).isBalanced).toBe(true);
});

test('the totals of the own limits are read only for users who set a stake or loss limit', async () => {
  const userId = 45_001;
  await fundUsers(db, [userId], 100n * M, 'placer-e');
  await markMarketLive();
  // Should the placement read them for a user without limits, this order would fail.
  await db.execute(
    sql`ALTER FUNCTION order_limit_totals(bigint, timestamptz, timestamptz, timestamptz) RENAME TO order_limit_totals_away`,
  );
  await db.execute(
    sql.raw(`CREATE FUNCTION order_limit_totals(p_user_id bigint, p_day timestamptz, p_week timestamptz, p_month timestamptz)
      RETURNS TABLE (stake_day bigint, stake_week bigint, stake_month bigint, loss_day bigint, loss_week bigint,
        loss_month bigint, open_at_risk bigint)
      LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'order_limit_totals read for user %', p_user_id; END $$`),
  );
  try {
    expect(kindOf(await placeOrder(db, placement(userId, 10n * M)))).toBe('placed');
  } finally {
    await db.execute(sql`DROP FUNCTION order_limit_totals(bigint, timestamptz, timestamptz, timestamptz)`);
    await db.execute(
      sql`ALTER FUNCTION order_limit_totals_away(bigint, timestamptz, timestamptz, timestamptz) RENAME TO order_limit_totals`,
    );
  }
});

test('the open-order limit counts placed − closed: a closed order makes room for the next', async () => {
  const userId = 46_001;
  await fundUsers(db, [userId], 100n * M, 'placer-f');
  await markMarketLive();
  const limited = () => {
    const p = placement(userId, 10n * M);
    return { ...p, limits: { ...p.limits, maxOpenOrders: 2 } };
  };
  const first = await placeOrder(db, limited());
  expect(kindOf(first)).toBe('placed');
  expect(kindOf(await placeOrder(db, limited()))).toBe('placed');
  expect(kindOf(await placeOrder(db, limited()))).toBe('order_limit_reached');
  // No tick after its acceptance: voided now, stake and fee back; it no longer counts.
  if (first.kind !== 'placed') throw new Error('not placed');
  expect((await voidOrder(db, first.row.id))!.status).toBe('void');
  expect(kindOf(await placeOrder(db, limited()))).toBe('placed');
  const tallies = await db.select().from(orderTallies).where(eq(orderTallies.userId, userId));
  expect(Object.fromEntries(tallies.map((t) => [`${t.account} ${t.kind}`, t.n]))).toEqual({
    'real placed': 3,
    'real closed': 1,
  });
  const open = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'open')));
  expect(open).toHaveLength(2);
});
