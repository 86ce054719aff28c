import { and, eq, max, ne } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '../../db/client.js';
import { call, createTestApp, registerUser, type TestApp } from '../../test/test-app.js';
import { reconcile, userAccountBalance } from '../ledger/ledger.reads.js';
import { seedProducts } from '../markets/markets.service.js';
import { ticks } from '../markets/markets.tables.js';
import { OrderPlacer, type PlacementOutcome } from '../orders/order-placer.js';
import { orders } from '../orders/orders.tables.js';
import { fundUsers } from '../orders/orders.test-support.js';
import { deposits } from '../wallet/wallet.tables.js';

/**
 * The user's own limits under concurrency (on PostgreSQL when TEST_DATABASE_URL is set): orders sent
 * at once through two placers (two API processes) and deposit requests sent at once never pass a
 * limit together.
 */
let t: TestApp;
let db: Db;
const M = 1_000_000n;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  await seedProducts(db);
}, 60_000);
afterAll(async () => t.close());

async function freshTick() {
  const [latest] = await db
    .select({ time: max(ticks.time) })
    .from(ticks)
    .where(eq(ticks.symbol, 'ETHUSDT'));
  if (!latest?.time || latest.time.getTime() < Date.now() - 1000) {
    await db.insert(ticks).values({ symbol: 'ETHUSDT', time: new Date(), price: 300_000n }).onConflictDoNothing();
  }
}

test('orders of one user sent at once through two placers never pass the stake or loss limit together', async () => {
  const placers = [new OrderPlacer(db, () => Date.now(), 'UTC'), new OrderPlacer(db, () => Date.now(), 'UTC')];
  const stakeUser = await registerUser(t.app);
  const lossUser = await registerUser(t.app);
  const ids = [Number(stakeUser.user.id), Number(lossUser.user.id)];
  await fundUsers(db, ids, 1000n * M, 'responsible-pg');
  const set = (token: string, limits: object) =>
    call(t.app, 'POST', '/api/user/responsible/limits', { limits }, { token });
  expect((await set(stakeUser.token, { stakeDay: '50' })).code).toBe(0);
  expect((await set(lossUser.token, { lossMonth: '65' })).code).toBe(0);
  await freshTick();
  let key = 0;
  const send = (userId: number, i: number): Promise<PlacementOutcome> =>
    placers[i % 2]!.place({
      userId,
      requestKey: `responsible-pg-${userId}-${++key}`,
      requestHash: null,
      order: { symbol: 'ETHUSDT', direction: i % 2 ? 'up' : 'down', period: 30, amount: 10n * M },
      limits: { maxStakePerOrder: 100_000n * M, maxOpenOrders: 100, maxExposure: 1_000_000_000n * M },
    });
  const outcomes = await Promise.all(ids.flatMap((userId) => Array.from({ length: 12 }, (_, i) => send(userId, i))));
  const placedOf = (userId: number) =>
    outcomes
      .filter((o) => o.kind === 'placed' && o.row.userId === userId)
      .map((o) => (o.kind === 'placed' ? o.row : null)!);

  // Stake: 5 × 10 = 50; every other one names the limit.
  expect(placedOf(ids[0]!)).toHaveLength(5);
  const refusedStake = outcomes.filter((o) => o.kind === 'refuse' && o.refusal === 'self_limit_stake');
  expect(refusedStake).toHaveLength(7);
  // Loss (worst case: stake + fee of each open order) stays within 65 whatever the fee rate.
  const lossPlaced = placedOf(ids[1]!);
  const atRisk = lossPlaced.reduce((sum, row) => sum + row.amount + row.fee, 0n);
  expect(atRisk).toBeLessThanOrEqual(65n * M);
  expect(atRisk + 10n * M + lossPlaced[0]!.fee).toBeGreaterThan(65n * M);

  // What the database holds agrees: the orders and the money.
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, ids[0]!), ne(orders.status, 'void')));
  expect(rows.reduce((sum, r) => sum + r.amount, 0n)).toBe(50n * M);
  expect(await userAccountBalance(db, ids[0]!, 'trading')).toBe(50n * M);
  expect((await reconcile(db)).isBalanced).toBe(true);
});

test('deposit requests sent at once never pass the deposit limit together', async () => {
  const u = await registerUser(t.app);
  await call(t.app, 'POST', '/api/user/responsible/limits', { limits: { depositWeek: '100' } }, { token: u.token });
  const answers = await Promise.all(
    Array.from({ length: 8 }, () =>
      call(t.app, 'POST', '/api/wallet/submit', { method: 'bank', amount: '30' }, { token: u.token }),
    ),
  );
  expect(answers.filter((a) => a.code === 0)).toHaveLength(3);
  expect(answers.filter((a) => a.code !== 0).every((a) => a.data?.limit === 'depositWeek')).toBe(true);
  const rows = await db
    .select()
    .from(deposits)
    .where(eq(deposits.userId, Number(u.user.id)));
  expect(rows.reduce((sum, r) => sum + r.amount, 0n)).toBe(90n * M);
});
