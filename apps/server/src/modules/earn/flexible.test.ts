import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays, platformDate } from '../../lib/platform-day.js';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, registerUser, type TestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { flexibleDays, flexibleOrders, flexibleRates } from './flexible.tables.js';
import { credit, fixedClock, flexibleUser, move, PAY } from './flexible.test-support.js';
import { accrueDueDays } from './flexible-accrual.js';

/** Defi/orderMoney and Defi/myOrder through the HTTP API, and the back office's rate and totals. */
let t: TestApp;
let content: string;
let finance: string;
beforeAll(async () => {
  t = await createTestApp();
  content = (await adminWithRole(t, 'content')).token;
  finance = (await adminWithRole(t, 'finance')).token;
});
afterAll(async () => t.close());

const orderMoney = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(t.app, 'POST', '/api/Defi/orderMoney', body, { token, headers });
const myOrder = async (token: string, body: Record<string, unknown> = {}) =>
  (await call(t.app, 'POST', '/api/Defi/myOrder', body, { token })).data;
const balances = async (token: string) => (await call(t.app, 'POST', '/api/user/balance_list', {}, { token })).data;

describe('Defi/orderMoney', () => {
  test('subscribe then redeem move money between available and earn_flexible, with journals', async () => {
    const u = await flexibleUser(t, '500');
    // The spec's client also sends its token in the body, blanked: accepted and ignored.
    const sub = await orderMoney(u.token, { action: 'subscribe', amount: '200.5', payPassword: PAY, token: '' });
    expect(sub.code).toBe(0);
    expect(sub.data).toMatchObject({ action: 'subscribe', amount: '200.5', heldAfter: '200.5' });
    expect(await balances(u.token)).toMatchObject({ available: '299.5', earnFlexible: '200.5', total: '500' });
    const red = await orderMoney(u.token, { action: 'redeem', amount: '50', payPassword: PAY });
    expect(red.data).toMatchObject({ action: 'redeem', amount: '50', heldAfter: '150.5' });
    expect(await balances(u.token)).toMatchObject({ available: '349.5', earnFlexible: '150.5', total: '500' });
    const water = await call(t.app, 'POST', '/api/user/water', {}, { token: u.token });
    expect(
      water.data.list.map((e: { kind: string; account: string; amount: string }) => [e.kind, e.account, e.amount]),
    ).toEqual(
      // One entry per event, by its effect on the available balance (never the earn_flexible legs).
      expect.arrayContaining([
        ['flexible_redeem', 'available', '50'],
        ['flexible_subscribe', 'available', '-200.5'],
      ]),
    );
    expect(water.data.list.filter((e: { account: string }) => e.account !== 'available')).toEqual([]);
    expect((await reconcile(t.database.db)).isBalanced).toBe(true);
  });

  test('bad input changes nothing: a localised error each time', async () => {
    const u = await flexibleUser(t, '100');
    await orderMoney(u.token, { action: 'subscribe', amount: '40', payPassword: PAY });
    const cases: Array<[Record<string, unknown>, number, number]> = [
      [{ action: 'subscribe', amount: 'abc', payPassword: PAY }, 400, 1001],
      [{ action: 'subscribe', amount: '0', payPassword: PAY }, 400, 1001],
      [{ action: 'subscribe', amount: '1.1234567', payPassword: PAY }, 400, 1001],
      [{ action: 'subscribe', amount: '-5', payPassword: PAY }, 400, 1001],
      [{ action: 'buy', amount: '5', payPassword: PAY }, 400, 1001],
      [{ action: 'subscribe', amount: '5', payPassword: '12' }, 400, 1001],
      [{ action: 'subscribe', amount: '5', payPassword: PAY, extra: 1 }, 400, 1001],
      [{ action: 'subscribe', amount: '0.5', payPassword: PAY }, 422, 4601],
      [{ action: 'subscribe', amount: '61', payPassword: PAY }, 422, 4002],
      [{ action: 'redeem', amount: '40.000001', payPassword: PAY }, 422, 4602],
      [{ action: 'subscribe', amount: '5', payPassword: '000000' }, 422, 2009],
      [{ action: 'redeem', amount: '5', payPassword: '000000' }, 422, 2009],
    ];
    for (const [body, status, code] of cases) {
      const r = await orderMoney(u.token, body);
      expect([r.status, r.code], JSON.stringify(body)).toEqual([status, code]);
      expect(r.msg).toBeTruthy();
    }
    const zn = await call(
      t.app,
      'POST',
      '/api/Defi/orderMoney',
      { action: 'redeem', amount: '41', payPassword: PAY },
      { token: u.token, lang: 'zn' },
    );
    expect(zn.msg).toBe('贖回金額不能超過持有金額');
    const fields = await call(
      t.app,
      'POST',
      '/api/Defi/orderMoney',
      { action: 'subscribe', amount: 'abc', payPassword: PAY },
      { token: u.token, lang: 'en' },
    );
    expect(fields.data.fields.amount).toBe('Incorrect Amount');
    expect(await balances(u.token)).toMatchObject({ available: '60', earnFlexible: '40' });
    expect(await t.database.db.select().from(flexibleOrders).where(eq(flexibleOrders.userId, u.userId))).toHaveLength(
      1,
    );
  });

  test('five wrong payment passwords lock money moves', async () => {
    const u = await flexibleUser(t, '100');
    for (let i = 0; i < 4; i++) {
      expect((await orderMoney(u.token, { action: 'subscribe', amount: '5', payPassword: '000000' })).code).toBe(2009);
    }
    expect((await orderMoney(u.token, { action: 'subscribe', amount: '5', payPassword: '000000' })).code).toBe(2010);
    expect((await orderMoney(u.token, { action: 'subscribe', amount: '5', payPassword: PAY })).code).toBe(2010);
    expect((await balances(u.token)).available).toBe('100');
  });

  test('no session: 401; no payment password set: a clear error', async () => {
    expect(
      (await call(t.app, 'POST', '/api/Defi/orderMoney', { action: 'subscribe', amount: '5', payPassword: PAY }))
        .status,
    ).toBe(401);
    expect((await call(t.app, 'POST', '/api/Defi/myOrder', {})).status).toBe(401);
    const bare = await registerUser(t.app);
    await credit(t, Number(bare.user.id), '10');
    const r = await orderMoney(bare.token, { action: 'subscribe', amount: '5', payPassword: PAY });
    expect([r.status, r.code]).toEqual([422, 2011]);
    expect((await balances(bare.token)).available).toBe('10');
  });

  test('the same Idempotency-Key twice moves money once and answers the same', async () => {
    const u = await flexibleUser(t, '100');
    const headers = { 'idempotency-key': 'flexible-key-0001' };
    const a = await orderMoney(u.token, { action: 'subscribe', amount: '30', payPassword: PAY }, headers);
    const b = await orderMoney(u.token, { action: 'subscribe', amount: '30', payPassword: PAY }, headers);
    expect(b.data.id).toBe(a.data.id);
    expect(await balances(u.token)).toMatchObject({ available: '70', earnFlexible: '30' });
    const other = await orderMoney(u.token, { action: 'subscribe', amount: '31', payPassword: PAY }, headers);
    expect(other.code).toBe(1502);
  });
});

describe('Defi/myOrder', () => {
  test('held, yesterday’s and total profit, the rate and the history after a paid day', async () => {
    const u = await flexibleUser(t, '1000');
    // Subscribed the day before yesterday, so all of yesterday was held; the job has paid it.
    const now = Date.now();
    const earlier = fixedClock(new Date(now - 2 * 86_400_000).toISOString(), t.config.platformTimeZone);
    await move(t, u.userId, 'subscribe', '800', earlier);
    const clock = { now: () => new Date(), timeZone: t.config.platformTimeZone };
    await accrueDueDays(t.database.db, clock);
    await orderMoney(u.token, { action: 'redeem', amount: '300', payPassword: PAY });

    const data = await myOrder(u.token, { page: 1, pageSize: 10, token: '' });
    expect(data).toMatchObject({
      currency: 'USDT',
      held: '500',
      yesterdayProfit: '0.16',
      totalProfit: '0.16',
      dailyRatePercent: '0.02',
      available: '500.16',
      subscribeMin: '1',
    });
    expect(data.history.total).toBe(3);
    expect(data.history.list.map((h: { type: string; amount: string }) => [h.type, h.amount])).toEqual([
      ['redeem', '300'],
      ['interest', '0.16'],
      ['subscribe', '800'],
    ]);
    const yesterday = addDays(platformDate(clock.now(), clock.timeZone), -1);
    expect(data.history.list[1]).toMatchObject({ day: yesterday, lowestBalance: '800', dailyRatePercent: '0.02' });
    const page2 = await myOrder(u.token, { page: 2, pageSize: 2 });
    expect(page2.history.list.map((h: { type: string }) => h.type)).toEqual(['subscribe']);
    expect((await call(t.app, 'POST', '/api/Defi/myOrder', { pageSize: 101 }, { token: u.token })).status).toBe(400);
  });

  test('paid days, moves and rates are final in the database itself', async () => {
    const db = t.database.db;
    await expect(
      db.update(flexibleDays).set({ interest: 999n }).where(sql`${flexibleDays.accruedAt} IS NOT NULL`),
    ).rejects.toThrow();
    await expect(db.delete(flexibleOrders)).rejects.toThrow();
    await expect(db.update(flexibleRates).set({ rateE8: 1n })).rejects.toThrow();
  });
});

describe('back office', () => {
  test('content sets a rate from tomorrow, audited; finance reads but may not set', async () => {
    const set = await call(
      t.app,
      'POST',
      '/api/admin/flexible-earn/rates',
      { dailyRatePercent: '0.035' },
      { token: content },
    );
    expect(set.code).toBe(0);
    expect(set.data.dailyRatePercent).toBe('0.035');
    const forbidden = await call(
      t.app,
      'POST',
      '/api/admin/flexible-earn/rates',
      { dailyRatePercent: '0.05' },
      { token: finance },
    );
    expect(forbidden.status).toBe(403);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'flexible_rate.set'));
    expect(audit).toMatchObject({ targetType: 'flexible_rate', targetId: set.data.id });
    expect(audit!.after).toMatchObject({ dailyRatePercent: '0.035' });

    const summary = (await call(t.app, 'GET', '/api/admin/flexible-earn/summary', undefined, { token: finance })).data;
    expect(summary).toMatchObject({
      dailyRatePercent: '0.02',
      nextDailyRatePercent: '0.035',
      nextRateFrom: set.data.effectiveFrom,
    });
    const u = await flexibleUser(t, '10');
    expect((await myOrder(u.token)).nextDailyRatePercent).toBe('0.035');

    const rates = await call(t.app, 'GET', '/api/admin/flexible-earn/rates?page=1&pageSize=10', undefined, {
      token: finance,
    });
    expect(rates.data.list[0]).toMatchObject({ dailyRatePercent: '0.035' });
    expect(rates.data.total).toBe(2);
  });

  test('a rate for today or the past, or out of range, is refused', async () => {
    const today = platformDate(new Date(), t.config.platformTimeZone);
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ dailyRatePercent: '0.03', effectiveFrom: today }, 4603],
      [{ dailyRatePercent: '0.03', effectiveFrom: '2020-01-01' }, 4603],
      [{ dailyRatePercent: '0.03', effectiveFrom: '2099-02-30' }, 4603],
      [{ dailyRatePercent: '1.5' }, 1001],
      [{ dailyRatePercent: '0.0000001' }, 1001],
      [{ dailyRatePercent: 'x' }, 1001],
    ];
    for (const [body, code] of cases) {
      const r = await call(t.app, 'POST', '/api/admin/flexible-earn/rates', body, { token: content });
      expect(r.code, JSON.stringify(body)).toBe(code);
    }
  });

  test('the totals held match the ledger', async () => {
    const u = await flexibleUser(t, '77');
    await orderMoney(u.token, { action: 'subscribe', amount: '77', payPassword: PAY });
    const summary = (await call(t.app, 'GET', '/api/admin/flexible-earn/summary', undefined, { token: content })).data;
    const trial = (await reconcile(t.database.db)).trialBalance.filter((a) => a.account === 'users:earn_flexible');
    expect(summary.totalHeld).toBe(trial[0]!.balance);
    expect(summary.holders).toBeGreaterThan(0);
    expect(summary.daysPending).toBe(0);
    expect(summary.totalInterestPaid).toBe('0.16'); // the day paid in the myOrder test
  });
});
