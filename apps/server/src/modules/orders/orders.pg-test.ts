import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { ledgerJournals } from '../ledger/ledger.tables.js';
import { MarketEngine } from '../markets/engine.js';
import { products, ticks } from '../markets/markets.tables.js';
import { startTicker } from '../markets/markets.test-support.js';
import { fund, walletUser } from '../wallet/wallet.test-support.js';
import { orders } from './orders.tables.js';
import { SettlementWorker } from './settlement-worker.js';

/** Settlement under concurrency on a real PostgreSQL: two workers, one batch, each order once. */
let t: TestApp;
let engine: MarketEngine;
let stopTicker: () => Promise<void>;
const quiet = { info: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  engine = new MarketEngine(t.database, 'orders-pg', quiet);
  await engine.start();
  await engine.stop();
  const [eth] = await t.database.db.select().from(products).where(eq(products.symbol, 'ETHUSDT'));
  await t.database.db
    .update(products)
    .set({
      periods: [
        { seconds: 2, payoutRateBp: 8000, minStakeMinor: '1000000', maxStakeMinor: '1000000000' },
        ...eth!.periods,
      ],
    })
    .where(eq(products.symbol, 'ETHUSDT'));
  stopTicker = startTicker(engine, 250);
}, 90_000);
afterAll(async () => {
  await stopTicker();
  await t.close();
});

test('two settlement workers on the same batch credit every order exactly once', async () => {
  const finance = (await adminWithRole(t, 'finance')).token;
  const users = await Promise.all(Array.from({ length: 4 }, () => walletUser(t)));
  for (const u of users) await fund(t, u, '500', finance);
  const placed = await Promise.all(
    users.flatMap((u) =>
      Array.from({ length: 5 }, (_, i) =>
        call(
          t.app,
          'POST',
          '/api/order/create',
          { symbol: 'ETHUSDT', direction: i % 2 ? 'up' : 'down', amount: '10', period: 2 },
          { token: u.token },
        ),
      ),
    ),
  );
  expect(placed.every((r) => r.code === 0)).toBe(true);
  // Wait until a tick after the last order's end is recorded: then every order is due and settleable.
  const [latest] = await t.database.db
    .select({ endTime: orders.endTime })
    .from(orders)
    .orderBy(desc(orders.endTime))
    .limit(1);
  for (let i = 0; i < 100; i++) {
    const found = await t.database.db
      .select()
      .from(ticks)
      .where(and(eq(ticks.symbol, 'ETHUSDT'), gt(ticks.time, latest!.endTime)));
    if (found.length > 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const workers = [new SettlementWorker(t.database.db, quiet), new SettlementWorker(t.database.db, quiet)];
  const [a, b] = await Promise.all(workers.map((w) => w.runOnce()));
  expect(a! + b!).toBe(20);
  expect(await workers[0]!.runOnce()).toBe(0);
  const open = await t.database.db.select().from(orders).where(eq(orders.status, 'open'));
  expect(open).toHaveLength(0);
  const [settlements] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerJournals)
    .where(sql`${ledgerJournals.kind} IN ('order_settlement', 'order_void')`);
  expect(settlements!.n).toBe(20);
  for (const u of users) {
    const b = (await call(t.app, 'POST', '/api/user/balance_list', {}, { token: u.token })).data;
    expect(b.trading).toBe('0');
  }
  expect((await reconcile(t.database.db)).isBalanced).toBe(true);
});
