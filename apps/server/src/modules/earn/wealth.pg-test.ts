import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { addDays, platformDate } from '../../lib/platform-day.js';
import { call, createTestApp, registerUser, type TestApp } from '../../test/test-app.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { ledgerJournals } from '../ledger/ledger.tables.js';
import { fundUsers } from '../orders/orders.test-support.js';
import { wealthOrders } from './wealth.tables.js';
import { fundedWealthUser, insertEarningOrders, insertWealthProduct, PAY, productRow } from './wealth.test-support.js';
import { accrueDue, WealthAccrualWorker } from './wealth-accrual.js';

/** Locked deposits under concurrency on a real PostgreSQL: the quota under a rush, two accrual workers, a crash. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const M = 1_000_000n;
const quiet = { error: () => {} };
const balances = async (token: string) => (await call(t.app, 'POST', '/api/user/balance_list', {}, { token })).data;

test('50 parallel purchases by 50 users: the quota is never oversold', async () => {
  const product = await insertWealthProduct(t, { quotaTotal: 1_000n * M, minAmount: 10n * M });
  const buyers = await Promise.all(Array.from({ length: 50 }, () => fundedWealthUser(t, 100n * M)));
  const results = await Promise.all(
    buyers.map((u) =>
      call(
        t.app,
        'POST',
        '/api/wealth/submit',
        { productId: product.id, amount: '70', payPassword: PAY },
        { token: u.token },
      ),
    ),
  );
  expect(results.filter((r) => r.code === 0)).toHaveLength(14); // 14 × 70 = 980 ≤ 1000
  expect(results.filter((r) => r.code !== 0).every((r) => r.code === 4504)).toBe(true);
  expect((await productRow(t, product.id)).soldAmount).toBe(980n * M);
  const locked = await t.database.db
    .select({ sum: sql<string>`sum(${wealthOrders.amount})::text` })
    .from(wealthOrders)
    .where(eq(wealthOrders.productId, product.id));
  expect(BigInt(locked[0]!.sum)).toBe(980n * M);
  expect((await reconcile(t.database.db)).isBalanced).toBe(true);
});

test('50 parallel purchases by one user: the per-user maximum and the balance hold', async () => {
  const product = await insertWealthProduct(t, { maxPerUser: 500n * M, minAmount: 10n * M });
  const u = await fundedWealthUser(t, 10_000n * M);
  const results = await Promise.all(
    Array.from({ length: 50 }, () =>
      call(
        t.app,
        'POST',
        '/api/wealth/submit',
        { productId: product.id, amount: '100', payPassword: PAY },
        { token: u.token },
      ),
    ),
  );
  expect(results.filter((r) => r.code === 0)).toHaveLength(5);
  expect(results.filter((r) => r.code !== 0).every((r) => r.code === 4503)).toBe(true);
  expect(await balances(u.token)).toMatchObject({ available: '9500', earnLocked: '500' });
});

/** `ownerOf(i)` picks which of the 20 users owns the i-th order (by default they take turns). */
async function earningOrders(
  count: number,
  cycleDays: number,
  purchaseDate: string,
  ownerOf: (i: number) => number = (i) => i % 20,
) {
  const product = await insertWealthProduct(t, { cycleDays, dailyRatePpm: 1_000, quotaTotal: 10n ** 9n * M });
  const users = await Promise.all(Array.from({ length: 20 }, () => registerUser(t.app)));
  const userIds = users.map((u) => Number(u.user.id));
  await fundUsers(t.database.db, userIds, 10_000_000n * M, `wealth-pg-${product.id}`);
  const ids = await insertEarningOrders(
    t.database.db,
    Array.from({ length: count }, (_, i) => ({
      userId: userIds[ownerOf(i)]!,
      productId: product.id,
      amount: BigInt(100 + i) * M,
      cycleDays,
      dailyRatePpm: 1_000,
      purchaseDate,
    })),
  );
  return { ids, userIds };
}

async function journalCounts(ids: number[]) {
  const rows = await t.database.db
    .select({ kind: ledgerJournals.kind, n: sql<number>`count(*)::int` })
    .from(ledgerJournals)
    .where(
      and(
        eq(ledgerJournals.referenceType, 'wealth_order'),
        inArray(
          ledgerJournals.referenceId,
          ids.map((id) => String(id)),
        ),
      ),
    )
    .groupBy(ledgerJournals.kind);
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
}

test('two workers (and a third pass) on the same due orders: each order is paid once per day', async () => {
  const today = platformDate(new Date(), 'UTC');
  const purchaseDate = addDays(today, -4); // 3 interest days payable today, of a 3-day cycle: all mature
  const { ids } = await earningOrders(1_200, 3, purchaseDate);
  const now = () => new Date();
  const workers = [0, 1].map(() => new WealthAccrualWorker(t.database.db, 'UTC', quiet, { now }));
  const advanced = await Promise.all([
    ...workers.map((w) => w.runOnce()),
    accrueDue(t.database.db, today, { batchMax: 100 }),
  ]);
  expect(advanced.reduce((a, b) => a + b, 0)).toBe(1_200);
  expect(await journalCounts(ids)).toEqual({ wealth_purchase: 1_200, wealth_interest: 3_600, wealth_maturity: 1_200 });
  // Run again, twice at once: nothing more is due.
  expect(await Promise.all(workers.map((w) => w.runOnce()))).toEqual([0, 0]);
  expect(await journalCounts(ids)).toEqual({ wealth_purchase: 1_200, wealth_interest: 3_600, wealth_maturity: 1_200 });
  const states = await t.database.db
    .select({ status: wealthOrders.status, n: sql<number>`count(*)::int` })
    .from(wealthOrders)
    .where(inArray(wealthOrders.id, ids))
    .groupBy(wealthOrders.status);
  expect(states).toEqual([{ status: 'complete', n: 1_200 }]);
  expect((await reconcile(t.database.db)).isBalanced).toBe(true);
});

test('a worker that dies mid-run (its connection killed) leaves nothing half paid; the next run pays once', async () => {
  const today = platformDate(new Date(), 'UTC');
  // Orders are paid in id order: the first 2 000 belong to ten users, the last 1 000 to one more.
  const { ids, userIds } = await earningOrders(3_000, 10, addDays(today, -3), (i) => (i < 2_000 ? i % 10 : 10));
  const url = new URL(t.database.pool!.options.connectionString!);
  url.searchParams.set('application_name', 'wealth_crashy');
  const crashy = await openDatabase({ url: url.toString(), poolSize: 2 });
  // A killed connection in use reports on the client itself: expected here, so heard and ignored.
  const heard = new WeakSet<object>();
  crashy.pool!.on('acquire', (client) => {
    if (heard.has(client)) return;
    heard.add(client);
    client.on('error', () => {});
  });
  // The last user's accounts held by another transaction: the run pays 100 batches of 20, then
  // waits inside the 101st, where the kill finds it. Deterministic however busy the machine is.
  const blocker = await t.database.pool!.connect();
  await blocker.query('BEGIN');
  await blocker.query('SELECT id FROM ledger_accounts WHERE user_id = $1 FOR UPDATE', [userIds[10]]);
  let isRunOver = false;
  const run = accrueDue(crashy.db, today, { batchMax: 20 })
    .catch((error: Error) => error)
    .finally(() => (isRunOver = true));
  const waiting = async () =>
    (
      await blocker.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'wealth_crashy' AND wait_event_type = 'Lock'`,
      )
    ).rows[0].n as number;
  while (!isRunOver && (await waiting()) === 0) await new Promise((r) => setTimeout(r, 10));
  expect(isRunOver).toBe(false);
  await blocker.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'wealth_crashy'`,
  );
  const outcome = await run;
  await blocker.query('ROLLBACK');
  blocker.release();
  await crashy.close().catch(() => {});
  const partial = await journalCounts(ids);
  // Whatever committed before the kill is whole: two interest journals per advanced order.
  const advancedBefore = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(wealthOrders)
    .where(and(inArray(wealthOrders.id, ids), eq(wealthOrders.daysPaid, 2)));
  expect(partial.wealth_interest ?? 0).toBe(advancedBefore[0]!.n * 2);
  // The kill landed mid-run: the run failed, with the 100 batches before it in and none after.
  expect(outcome).toBeInstanceOf(Error);
  expect(advancedBefore[0]!.n).toBe(2_000);

  await accrueDue(t.database.db, today);
  await accrueDue(t.database.db, today);
  expect(await journalCounts(ids)).toEqual({ wealth_purchase: 3_000, wealth_interest: 6_000 });
  const keys = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerJournals)
    .where(like(ledgerJournals.idempotencyKey, `wealth:${ids[0]}:interest:%`));
  expect(keys[0]!.n).toBe(2);
  expect((await reconcile(t.database.db)).isBalanced).toBe(true);
});
