import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { reconcile, userAccountBalance } from '../ledger/ledger.reads.js';
import { ledgerJournals } from '../ledger/ledger.tables.js';
import { ticks } from '../markets/markets.tables.js';
import { TestMarket } from '../markets/markets.test-support.js';
import { fund, walletUser } from '../wallet/wallet.test-support.js';
import { orders } from './orders.tables.js';
import { fundUsers, insertOpenOrders } from './orders.test-support.js';
import { SettlementWorker } from './settlement-worker.js';

/** Settlement under concurrency on a real PostgreSQL: two workers, one batch, each order once. */
let t: TestApp;
let market: TestMarket;
const quiet = { info: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  // The market on the test clock: a tick a second of that clock, an accepted order's entry at the next.
  market = await TestMarket.start(t.database, 'orders-pg', { events: t.app.events });
  market.recordEntries();
}, 90_000);
afterAll(async () => {
  await market?.stop();
  await t?.close();
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
          { symbol: 'ETHUSDT', direction: i % 2 ? 'up' : 'down', amount: '10', period: 30 },
          { token: u.token },
        ),
      ),
    ),
  );
  expect(placed.every((r) => r.code === 0)).toBe(true);
  // Every order has its entry; then the clock passes the last one's end: every order is due.
  await waitUntil(async () => {
    const waiting = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'open'), isNull(orders.entryTime)));
    return waiting.length === 0;
  }, 'the entries of the 20 orders');
  await market.pauseEntries();
  const [latest] = await t.database.db.select({ id: orders.id }).from(orders).orderBy(desc(orders.endTime)).limit(1);
  await market.passEndOf(latest!.id);
  const workers = [
    new SettlementWorker(t.database.db, quiet, { events: t.app.events }),
    new SettlementWorker(t.database.db, quiet, { events: t.app.events }),
  ];
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

test('four workers in two processes race over 2 000 due orders: each settled and credited once', async () => {
  const db = t.database.db;
  // Recorded ticks of a symbol of its own, ten minutes ago, a tick a second.
  const t0 = Math.floor(Date.now() / 1000) * 1000 - 600_000;
  const tickRows = Array.from({ length: 301 }, (_, s) => ({
    symbol: 'RACE1',
    time: new Date(t0 + s * 1000),
    price: BigInt(10_000 + ((s * 7919) % 13) - 6),
  }));
  await db.insert(ticks).values(tickRows);
  const users = Array.from({ length: 100 }, (_, i) => 50_000 + i);
  await fundUsers(db, users, 1_000n * 1_000_000n, 'race');
  const ids = await insertOpenOrders(
    db,
    Array.from({ length: 2_000 }, (_, i) => ({
      userId: users[i % users.length]!,
      symbol: 'RACE1',
      direction: i % 3 ? ('up' as const) : ('down' as const),
      amount: BigInt(1 + (i % 10)) * 1_000_000n,
      fee: 10_000n,
      payoutRateBp: 8500,
      period: 30,
      acceptedAt: new Date(t0 + ((i * 97) % 240_000) + 1),
    })),
  );
  // The other process: a pool of its own on the same database.
  const other = await openDatabase({ url: t.database.pool!.options.connectionString!, poolSize: 4 });
  try {
    const workers = [t.database.db, t.database.db, other.db, other.db].map((d) => new SettlementWorker(d, quiet));
    const counts = await Promise.all(workers.map((w) => w.runOnce()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2_000);
    expect(counts.filter((n) => n > 0).length).toBeGreaterThan(1);
    expect(await workers[3]!.runOnce()).toBe(0);
  } finally {
    await other.close();
  }
  const rows = await db.select().from(orders).where(inArray(orders.id, ids));
  expect(rows.filter((r) => r.status === 'open')).toHaveLength(0);
  const [journals] = await db
    .select({ n: sql<number>`count(*)::int`, distinct: sql<number>`count(DISTINCT reference_id)::int` })
    .from(ledgerJournals)
    .where(
      and(
        sql`${ledgerJournals.kind} IN ('order_settlement', 'order_void')`,
        inArray(
          ledgerJournals.referenceId,
          ids.map((id) => String(id)),
        ),
      ),
    );
  expect(journals).toEqual({ n: 2_000, distinct: 2_000 });
  for (const userId of users) {
    const mine = rows.filter((o) => o.userId === userId);
    const expected = mine.reduce((sum, o) => sum - o.amount - o.fee + o.payout!, 1_000n * 1_000_000n);
    expect(await userAccountBalance(db, userId, 'available')).toBe(expected);
    expect(await userAccountBalance(db, userId, 'trading')).toBe(0n);
  }
  expect((await reconcile(db)).isBalanced).toBe(true);
});
