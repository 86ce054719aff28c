import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { queryRows } from '../../db/rows.js';
import { addDays, platformDate } from '../../lib/platform-day.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { flexibleDays } from './flexible.tables.js';
import { fixedClock, flexibleUser, interestJournalCount, move, PAY } from './flexible.test-support.js';
import { accrueDueDays } from './flexible-accrual.js';

/** Flexible earn under concurrency on a real PostgreSQL (issue 5). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const balances = async (token: string) => (await call(t.app, 'POST', '/api/user/balance_list', {}, { token })).data;

test('two workers running the daily job at once, then again: every user and day is paid exactly once', async () => {
  const users = await Promise.all(Array.from({ length: 40 }, () => flexibleUser(t, '1000')));
  const clock = fixedClock('2032-01-10T05:00:00Z');
  for (const u of users) await move(t, u.userId, 'subscribe', '1000', clock);
  clock.at('2032-01-13T00:00:30Z'); // days 10, 11, 12 have ended
  const runs = await Promise.all([
    accrueDueDays(t.database.db, clock, { batchMax: 7 }),
    accrueDueDays(t.database.db, clock, { batchMax: 11 }),
    accrueDueDays(t.database.db, clock, { batchMax: 5 }),
  ]);
  expect(runs.reduce((a, b) => a + b, 0)).toBe(40 * 3);
  expect(await accrueDueDays(t.database.db, clock)).toBe(0);
  for (const u of users) {
    expect(await interestJournalCount(t, u.userId)).toBe(2); // day 10 earns nothing (subscribed that day)
    expect((await balances(u.token)).available).toBe('0.4');
  }
  const [dupes] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM (SELECT user_id, day FROM flexible_days GROUP BY 1, 2 HAVING count(*) > 1) d`,
  );
  expect(dupes!.n).toBe(0);
  expect((await reconcile(t.database.db)).isBalanced).toBe(true);
});

test('30 parallel redeems that together exceed the held amount: never overdrawn', async () => {
  const u = await flexibleUser(t, '1000');
  expect(
    (
      await call(
        t.app,
        'POST',
        '/api/Defi/orderMoney',
        { action: 'subscribe', amount: '1000', payPassword: PAY },
        { token: u.token },
      )
    ).code,
  ).toBe(0);
  const results = await Promise.all(
    Array.from({ length: 30 }, () =>
      call(
        t.app,
        'POST',
        '/api/Defi/orderMoney',
        { action: 'redeem', amount: '70', payPassword: PAY },
        { token: u.token },
      ),
    ),
  );
  expect(results.filter((r) => r.code === 0)).toHaveLength(14); // 14 × 70 = 980 ≤ 1000
  expect(results.filter((r) => r.code !== 0).every((r) => r.code === 4602)).toBe(true);
  expect(await balances(u.token)).toMatchObject({ available: '980', earnFlexible: '20', total: '1000' });
  const today = await t.database.db.select().from(flexibleDays).where(eq(flexibleDays.userId, u.userId));
  expect(today.map((r) => [r.lowestBalance, r.closingBalance])).toEqual([[0n, 20_000_000n]]);
  expect((await reconcile(t.database.db)).isBalanced).toBe(true);
});

test('moves today while the job pays yesterday: no deadlock, and each day keeps its own balances', async () => {
  const users = await Promise.all(Array.from({ length: 20 }, () => flexibleUser(t, '300')));
  const now = new Date();
  const today = platformDate(now, t.config.platformTimeZone);
  const yesterday = fixedClock(new Date(now.getTime() - 86_400_000).toISOString(), t.config.platformTimeZone);
  for (const u of users) await move(t, u.userId, 'subscribe', '200', yesterday);
  const realClock = { now: () => new Date(), timeZone: t.config.platformTimeZone };
  const [paid, ...moves] = await Promise.all([
    accrueDueDays(t.database.db, realClock, { batchMax: 3 }),
    ...users.map((u) =>
      call(
        t.app,
        'POST',
        '/api/Defi/orderMoney',
        { action: 'redeem', amount: '150', payPassword: PAY },
        { token: u.token },
      ),
    ),
  ]);
  expect(moves.every((r) => r.code === 0)).toBe(true);
  expect(paid).toBeGreaterThanOrEqual(20);
  await accrueDueDays(t.database.db, realClock);
  for (const u of users) {
    const rows = await t.database.db.select().from(flexibleDays).where(eq(flexibleDays.userId, u.userId));
    const byDay = new Map(rows.map((r) => [r.day, r]));
    expect(byDay.get(addDays(today, -1))).toMatchObject({ lowestBalance: 0n, interest: 0n });
    expect(byDay.get(today)).toMatchObject({
      openingBalance: 200_000_000n,
      lowestBalance: 50_000_000n,
      closingBalance: 50_000_000n,
      accruedAt: null,
    });
  }
  expect((await reconcile(t.database.db)).isBalanced).toBe(true);
});
