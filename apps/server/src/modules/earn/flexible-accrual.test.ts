import { flexibleInterestMinor } from '@app/contract/flexible-earn';
import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { queryRows } from '../../db/rows.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { flexibleDays, flexibleRates } from './flexible.tables.js';
import { balancesOf, fixedClock, flexibleUser, interestJournalCount, move } from './flexible.test-support.js';
import { accrueDueDays, DAY_END_GRACE_MS, msUntilNextRun } from './flexible-accrual.js';

/** The daily job on PGlite, driven by a fixed clock: what is paid, for which day, and how often. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const M = 1_000_000n;
const daysOf = (userId: number) =>
  t.database.db.select().from(flexibleDays).where(eq(flexibleDays.userId, userId)).orderBy(asc(flexibleDays.day));

describe('interest on the lowest balance held through the day', () => {
  test('money subscribed today earns from tomorrow; a redeem lowers the day; a quiet day keeps its balance', async () => {
    const u = await flexibleUser(t, '5000');
    const clock = fixedClock('2031-03-10T08:00:00Z');
    await move(t, u.userId, 'subscribe', '1000', clock); // day 10: lowest 0
    clock.at('2031-03-12T09:00:00Z'); // day 11 passes with no activity: lowest 1000
    await move(t, u.userId, 'redeem', '400', clock); // day 12: 1000 → 600
    clock.at('2031-03-12T15:00:00Z');
    await move(t, u.userId, 'subscribe', '300', clock); // → 900; lowest 600
    clock.at('2031-03-14T00:00:30Z'); // days 10..13 have ended
    expect(await accrueDueDays(t.database.db, clock)).toBe(4);

    const rows = await daysOf(u.userId);
    expect(rows.map((r) => [r.day, r.lowestBalance, r.closingBalance, r.interest])).toEqual([
      ['2031-03-10', 0n, 1000n * M, 0n],
      ['2031-03-11', 1000n * M, 1000n * M, 200_000n], // 1000 × 0.02 % = 0.2
      ['2031-03-12', 600n * M, 900n * M, 120_000n],
      ['2031-03-13', 900n * M, 900n * M, 180_000n],
      ['2031-03-14', 900n * M, 900n * M, null], // today: open, not paid
    ]);
    // Interest goes to available; the held amount only changes when the user moves it.
    expect(await balancesOf(t, u.userId)).toEqual({
      available: 5000n * M - 900n * M + 500_000n,
      held: 900n * M,
    });
  });

  test('a day that ends with everything redeemed opens no next day', async () => {
    const u = await flexibleUser(t, '100');
    const clock = fixedClock('2031-04-01T10:00:00Z');
    await move(t, u.userId, 'subscribe', '100', clock);
    clock.at('2031-04-02T10:00:00Z');
    await move(t, u.userId, 'redeem', '100', clock);
    clock.at('2031-04-05T00:00:30Z');
    await accrueDueDays(t.database.db, clock);
    const rows = await daysOf(u.userId);
    expect(rows.map((r) => [r.day, r.lowestBalance, r.interest])).toEqual([
      ['2031-04-01', 0n, 0n],
      ['2031-04-02', 0n, 0n],
    ]);
  });
});

describe('platform-day boundaries', () => {
  test('in Asia/Ho_Chi_Minh (UTC+7) a move at 16:59:59Z is the local day before one at 17:00:00Z', async () => {
    const a = await flexibleUser(t, '100');
    const b = await flexibleUser(t, '100');
    const clock = fixedClock('2031-05-01T16:59:59Z', 'Asia/Ho_Chi_Minh');
    await move(t, a.userId, 'subscribe', '100', clock); // local 2031-05-01 23:59:59
    clock.at('2031-05-01T17:00:00Z');
    await move(t, b.userId, 'subscribe', '100', clock); // local 2031-05-02 00:00:00
    expect((await daysOf(a.userId))[0]!.day).toBe('2031-05-01');
    expect((await daysOf(b.userId))[0]!.day).toBe('2031-05-02');

    // Local midnight of 05-03 is 2031-05-02T17:00Z: day 05-02 is paid only once its grace has passed.
    clock.at(new Date(Date.parse('2031-05-02T17:00:00Z') + DAY_END_GRACE_MS - 1).toISOString());
    await accrueDueDays(t.database.db, clock);
    expect((await daysOf(a.userId)).map((r) => [r.day, r.interest])).toEqual([
      ['2031-05-01', 0n],
      ['2031-05-02', null],
    ]);
    clock.at(new Date(Date.parse('2031-05-02T17:00:00Z') + DAY_END_GRACE_MS).toISOString());
    await accrueDueDays(t.database.db, clock);
    expect((await daysOf(a.userId)).map((r) => [r.day, r.interest])).toEqual([
      ['2031-05-01', 0n],
      ['2031-05-02', 20_000n], // held 100 all of local 05-02
      ['2031-05-03', null],
    ]);
    expect((await daysOf(b.userId)).map((r) => [r.day, r.interest])).toEqual([
      ['2031-05-02', 0n], // subscribed at the first instant of 05-02: not held through it
      ['2031-05-03', null],
    ]);
  });

  test('the next run is at the next platform midnight plus the grace', () => {
    const clock = fixedClock('2031-05-01T16:00:00Z', 'Asia/Ho_Chi_Minh');
    expect(msUntilNextRun(clock)).toBe(3_600_000 + DAY_END_GRACE_MS);
  });
});

describe('rounding and rates', () => {
  test('interest is rounded down to the minor unit, in SQL as in the contract', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        async (balance, rate) => {
          const [row] = await queryRows<{ interest: unknown }>(
            t.database.db,
            sql`SELECT div(${balance.toString()}::numeric * ${rate.toString()}::bigint, 100000000)::bigint AS interest`,
          );
          expect(BigInt(String(row!.interest))).toBe(flexibleInterestMinor(balance, rate));
          expect(flexibleInterestMinor(balance, rate) * 100_000_000n).toBeLessThanOrEqual(balance * rate);
        },
      ),
      { numRuns: 50 },
    );
    expect(flexibleInterestMinor(1_234_567n, 300n)).toBe(3n); // 1.234567 × 0.0003 % = 0.0000037 → 0.000003
  });

  test('each day uses the rate in force that day; interest rounds down', async () => {
    const u = await flexibleUser(t, '10');
    const clock = fixedClock('2031-06-01T12:00:00Z');
    await t.database.db.insert(flexibleRates).values({ rateE8: 1_000_000n, effectiveFrom: '2031-06-03' }); // 1 %
    await t.database.db.insert(flexibleRates).values({ rateE8: 0n, effectiveFrom: '2031-06-04' });
    await t.database.db.insert(flexibleRates).values({ rateE8: 20_000n, effectiveFrom: '2031-06-05' });
    await move(t, u.userId, 'subscribe', '1.000049', clock);
    clock.at('2031-06-06T00:01:00Z');
    await accrueDueDays(t.database.db, clock);
    const rows = await daysOf(u.userId);
    expect(rows.map((r) => [r.day, r.rateE8, r.interest])).toEqual([
      ['2031-06-01', 20_000n, 0n],
      ['2031-06-02', 20_000n, 200n], // 1.000049 × 0.02 % = 0.0002000098 → 0.0002
      ['2031-06-03', 1_000_000n, 10_000n], // 1 %: 0.01000049 → 0.01
      ['2031-06-04', 0n, 0n],
      ['2031-06-05', 20_000n, 200n],
      ['2031-06-06', null, null],
    ]);
  });
});

describe('exactly once', () => {
  test('missed days are caught up in order, and running again pays nothing more', async () => {
    const u = await flexibleUser(t, '2000');
    const clock = fixedClock('2031-07-01T10:00:00Z');
    await move(t, u.userId, 'subscribe', '2000', clock);
    clock.at('2031-07-06T03:00:00Z'); // the job was down for five days
    await accrueDueDays(t.database.db, clock, { batchMax: 7 }); // small batches: the chain advances a day at a time
    const rows = await daysOf(u.userId);
    expect(rows.map((r) => [r.day, r.interest])).toEqual([
      ['2031-07-01', 0n],
      ['2031-07-02', 400_000n],
      ['2031-07-03', 400_000n],
      ['2031-07-04', 400_000n],
      ['2031-07-05', 400_000n],
      ['2031-07-06', null],
    ]);
    expect(await interestJournalCount(t, u.userId)).toBe(4);
    expect(await accrueDueDays(t.database.db, clock)).toBe(0);
    clock.at('2031-07-06T23:00:00Z');
    expect(await accrueDueDays(t.database.db, clock)).toBe(0);
    expect(await interestJournalCount(t, u.userId)).toBe(4);
    expect((await balancesOf(t, u.userId)).available).toBe(1_600_000n);
    expect((await reconcile(t.database.db)).isBalanced).toBe(true);
  });

  test('a user who moved during a missed day keeps that day’s lowest balance when the job catches up', async () => {
    const u = await flexibleUser(t, '500');
    const clock = fixedClock('2031-08-01T10:00:00Z');
    await move(t, u.userId, 'subscribe', '500', clock);
    clock.at('2031-08-03T10:00:00Z'); // 08-02 not yet paid (the job is down)
    await move(t, u.userId, 'redeem', '200', clock);
    clock.at('2031-08-04T00:00:20Z');
    await accrueDueDays(t.database.db, clock);
    expect((await daysOf(u.userId)).map((r) => [r.day, r.lowestBalance, r.interest])).toEqual([
      ['2031-08-01', 0n, 0n],
      ['2031-08-02', 500n * M, 100_000n],
      ['2031-08-03', 300n * M, 60_000n],
      ['2031-08-04', 300n * M, null],
    ]);
  });

  test('a run that dies before its commit leaves nothing behind, and the next run pays once', async () => {
    const u = await flexibleUser(t, '100');
    const clock = fixedClock('2031-09-01T10:00:00Z');
    await move(t, u.userId, 'subscribe', '100', clock);
    clock.at('2031-09-03T00:00:30Z');
    // The crash: the batch's work runs inside a transaction that never commits.
    const crash = t.database.db.transaction(async (tx) => {
      await accrueDueDays(tx as unknown as typeof t.database.db, clock);
      throw new Error('process killed');
    });
    await expect(crash).rejects.toThrow('process killed');
    expect((await daysOf(u.userId)).map((r) => r.accruedAt)).toEqual([null]);
    await accrueDueDays(t.database.db, clock);
    await accrueDueDays(t.database.db, clock);
    expect(await interestJournalCount(t, u.userId)).toBe(1);
    expect((await balancesOf(t, u.userId)).available).toBe(20_000n);
  });
});
