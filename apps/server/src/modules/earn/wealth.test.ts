import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addDays, platformDate } from '../../lib/platform-day.js';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { wealthOrders } from './wealth.tables.js';
import { fundedWealthUser, insertWealthProduct, PAY, productRow } from './wealth.test-support.js';
import { accrueDue } from './wealth-accrual.js';

/** Locked deposits through the API on the real database, and the accrual job on top of it. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const M = 1_000_000n;
const balances = async (token: string) => (await call(t.app, 'POST', '/api/user/balance_list', {}, { token })).data;
const today = () => platformDate(new Date(), t.config.platformTimeZone);
const buy = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(t.app, 'POST', '/api/wealth/submit', { payPassword: PAY, ...body }, { token, headers });

test('the seeded products are listed to anyone, and each has its details', async () => {
  const list = await call(t.app, 'POST', '/api/wealth/getList', {});
  expect(list.code).toBe(0);
  const seeded = list.data.filter((p: { name: string }) => p.name.startsWith('USDT '));
  expect(seeded.map((p: { cycleDays: number }) => p.cycleDays)).toEqual([7, 30, 90]);
  expect(seeded[0]).toMatchObject({
    currency: 'USDT',
    dailyRate: '0.0003',
    minAmount: '100',
    quotaRemaining: '1000000',
  });
  const details = await call(t.app, 'GET', `/api/wealth/details?id=${seeded[0].id}`);
  expect(details.data).toEqual(seeded[0]);
  const missing = await call(t.app, 'GET', '/api/wealth/details?id=999999', undefined, { lang: 'en' });
  expect([missing.status, missing.code, missing.msg]).toEqual([404, 4501, 'This product is not available']);
  const bad = await call(t.app, 'GET', '/api/wealth/details?id=abc', undefined, { lang: 'en' });
  expect([bad.status, bad.data.fields.id]).toEqual([400, 'Please choose a product']);
});

test('buying needs a session; the quote moves nothing and matches the calendar', async () => {
  const product = await insertWealthProduct(t, { cycleDays: 7, dailyRatePpm: 333 });
  expect((await call(t.app, 'POST', '/api/wealth/buy', { productId: product.id, amount: '100' })).status).toBe(401);
  const u = await fundedWealthUser(t, 1_000n * M);
  const quote = await call(
    t.app,
    'POST',
    '/api/wealth/buy',
    { productId: String(product.id), amount: '123.456789' },
    { token: u.token },
  );
  expect(quote.code).toBe(0);
  const d = today();
  expect(quote.data).toMatchObject({
    amount: '123.456789',
    cycleDays: 7,
    dailyRate: '0.000333',
    dailyInterest: '0.041111',
    estimatedEarnings: '0.287777',
    purchaseDate: d,
    startDate: addDays(d, 1),
    endDate: addDays(d, 7),
    maturesAt: `${addDays(d, 8)}T00:00:00.000Z`,
  });
  expect(await balances(u.token)).toMatchObject({ available: '1000', earnLocked: '0' });
});

test('a purchase locks the amount, uses quota, and a repeated Idempotency-Key buys once', async () => {
  const product = await insertWealthProduct(t);
  const u = await fundedWealthUser(t, 1_000n * M);
  const headers = { 'idempotency-key': 'wealth-buy-once-1' };
  const first = await buy(u.token, { productId: product.id, amount: '400' }, headers);
  const again = await buy(u.token, { productId: product.id, amount: '400' }, headers);
  expect(first.code).toBe(0);
  expect(again.data.id).toBe(first.data.id);
  expect(first.data).toMatchObject({ status: 'earning', accruedProfit: '0', daysPaid: 0, daysLeft: 7 });
  expect(await balances(u.token)).toMatchObject({ available: '600', earnLocked: '400', total: '1000' });
  expect((await productRow(t, product.id)).soldAmount).toBe(400n * M);
  const orders = await call(t.app, 'POST', '/api/wealth/orders', { status: 'earning' }, { token: u.token });
  expect(orders.data.total).toBe(1);
  expect((await call(t.app, 'POST', '/api/wealth/orders', { status: 'complete' }, { token: u.token })).data.total).toBe(
    0,
  );
});

test('refused purchases say why in the request language and change nothing', async () => {
  const product = await insertWealthProduct(t, {
    minAmount: 100n * M,
    maxPerUser: 500n * M,
    quotaTotal: 700n * M,
  });
  const u = await fundedWealthUser(t, 2_000n * M);
  const poor = await fundedWealthUser(t, 50n * M);
  const cases: Array<[string, string, Record<string, unknown>, number, number]> = [
    [u.token, 'en', { productId: product.id, amount: '99.999999' }, 422, 4502],
    [u.token, 'en', { productId: product.id, amount: '100', payPassword: '000000' }, 422, 2009],
    [u.token, 'en', { productId: product.id, amount: '1.1234567' }, 400, 1001],
    [u.token, 'en', { productId: 999_999, amount: '100' }, 404, 4501],
    [poor.token, 'en', { productId: product.id, amount: '100' }, 422, 4002],
  ];
  for (const [token, lang, body, status, code] of cases) {
    const r = await call(t.app, 'POST', '/api/wealth/submit', { payPassword: PAY, ...body }, { token, lang });
    expect([r.status, r.code]).toEqual([status, code]);
  }
  expect((await buy(u.token, { productId: product.id, amount: '400' })).code).toBe(0);
  const overUser = await call(
    t.app,
    'POST',
    '/api/wealth/submit',
    { productId: product.id, amount: '101', payPassword: PAY },
    { token: u.token, lang: 'vn' },
  );
  expect([overUser.code, overUser.msg]).toEqual([4503, 'Vượt quá mức tối đa bạn được nắm giữ trong sản phẩm này']);
  const other = await fundedWealthUser(t, 1_000n * M);
  const overQuota = await call(
    t.app,
    'POST',
    '/api/wealth/submit',
    { productId: product.id, amount: '301', payPassword: PAY },
    { token: other.token, lang: 'zn' },
  );
  expect([overQuota.code, overQuota.msg]).toEqual([4504, '此產品剩餘額度不足']);
  expect((await productRow(t, product.id)).soldAmount).toBe(400n * M);
  expect(await balances(poor.token)).toMatchObject({ available: '50', earnLocked: '0' });
  expect(await balances(other.token)).toMatchObject({ available: '1000', earnLocked: '0' });
  expect((await reconcile(t.database.db)).isBalanced).toBe(true);
});

test('the job pays interest from the day after purchase, once a day, and the principal at maturity', async () => {
  const product = await insertWealthProduct(t, { cycleDays: 3, dailyRatePpm: 5_000 });
  const u = await fundedWealthUser(t, 1_000n * M);
  const order = await buy(u.token, { productId: product.id, amount: '333.333333' });
  expect(order.data.estimatedEarnings).toBe('4.999998'); // 3 × floor(1.666666665) = 3 × 1.666666
  const d = today();
  const db = t.database.db;
  await accrueDue(db, d);
  await accrueDue(db, addDays(d, 1));
  expect(await balances(u.token)).toMatchObject({ available: '666.666667', earnLocked: '333.333333' });
  await accrueDue(db, addDays(d, 2));
  await accrueDue(db, addDays(d, 2));
  expect(await balances(u.token)).toMatchObject({ available: '668.333333', earnLocked: '333.333333' });
  const mid = await call(t.app, 'POST', '/api/wealth/orders', {}, { token: u.token });
  expect(mid.data.list[0]).toMatchObject({ status: 'earning', accruedProfit: '1.666666', daysPaid: 1, daysLeft: 2 });
  // The job was down for a week: it catches up the two remaining days and the maturity, once.
  await accrueDue(db, addDays(d, 10));
  await accrueDue(db, addDays(d, 11));
  expect(await balances(u.token)).toMatchObject({ available: '1004.999998', earnLocked: '0', total: '1004.999998' });
  const done = await call(t.app, 'POST', '/api/wealth/orders', { status: 'complete' }, { token: u.token });
  expect(done.data.list[0]).toMatchObject({ accruedProfit: order.data.estimatedEarnings, daysPaid: 3, daysLeft: 0 });
  expect(done.data.list[0].completedAt).not.toBeNull();

  const revenue = await call(t.app, 'POST', '/api/wealth/revenue', {}, { token: u.token });
  expect(revenue.data.list.map((r: { type: string; amount: string }) => [r.type, r.amount])).toEqual([
    ['principal', '333.333333'],
    ['profit', '1.666666'],
    ['profit', '1.666666'],
    ['profit', '1.666666'],
    ['expenditure', '-333.333333'],
  ]);
  const profits = await call(t.app, 'POST', '/api/wealth/revenue', { type: 'profit' }, { token: u.token });
  expect(profits.data.total).toBe(3);
  expect((await reconcile(db)).isBalanced).toBe(true);
});

test('a lost order update after the money moved is not paid again (the journal keys hold)', async () => {
  const product = await insertWealthProduct(t, { cycleDays: 2, dailyRatePpm: 1_000 });
  const u = await fundedWealthUser(t, 100n * M);
  const order = await buy(u.token, { productId: product.id, amount: '100' });
  const d = today();
  await accrueDue(t.database.db, addDays(d, 2));
  expect((await balances(u.token)).available).toBe('0.1');
  // As if the state write had been lost: the order looks unpaid again.
  await t.database.db
    .update(wealthOrders)
    .set({ daysPaid: 0, interestPaid: 0n, nextPayoutDate: addDays(d, 2) })
    .where(eq(wealthOrders.id, Number(order.data.id)));
  await accrueDue(t.database.db, addDays(d, 2));
  expect((await balances(u.token)).available).toBe('0.1');
  await accrueDue(t.database.db, addDays(d, 3));
  expect(await balances(u.token)).toMatchObject({ available: '100.2', earnLocked: '0' });
});

test('the back office creates and edits products with audit records; roles are checked', async () => {
  const content = (await adminWithRole(t, 'content')).token;
  const support = (await adminWithRole(t, 'support')).token;
  const input = {
    name: 'USDT 14-Day',
    cycleDays: 14,
    dailyRate: '0.00035',
    minAmount: '50',
    maxPerUser: '1000',
    quotaTotal: '200',
  };
  expect((await call(t.app, 'POST', '/api/admin/wealth/products', input, { token: support })).status).toBe(403);
  const created = await call(t.app, 'POST', '/api/admin/wealth/products', input, { token: content });
  expect(created.data).toMatchObject({ ...input, quotaRemaining: '200', soldAmount: '0', enabled: true });
  const bad = await call(
    t.app,
    'POST',
    '/api/admin/wealth/products',
    { ...input, dailyRate: '0.5', cycleDays: 0, minAmount: '2000' },
    { token: content, lang: 'en' },
  );
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.data.fields).sort()).toEqual(['cycleDays', 'dailyRate', 'minAmount']);

  const u = await fundedWealthUser(t, 1_000n * M);
  expect((await buy(u.token, { productId: created.data.id, amount: '150' })).code).toBe(0);
  const tooLow = await call(
    t.app,
    'PATCH',
    `/api/admin/wealth/products/${created.data.id}`,
    { quotaTotal: '100' },
    { token: content },
  );
  expect(tooLow.code).toBe(4505);
  const raised = await call(
    t.app,
    'PATCH',
    `/api/admin/wealth/products/${created.data.id}`,
    { quotaTotal: '500', enabled: false },
    { token: content },
  );
  expect(raised.data).toMatchObject({ quotaRemaining: '350', soldAmount: '150', earningOrders: 1, enabled: false });
  const list = await call(t.app, 'POST', '/api/wealth/getList', {});
  expect(list.data.some((p: { id: string }) => p.id === created.data.id)).toBe(false);
  expect((await buy(u.token, { productId: created.data.id, amount: '50' })).code).toBe(4501);

  const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, created.data.id));
  expect(audits.map((a) => a.action).sort()).toEqual(['wealth_product.create', 'wealth_product.update']);
  const orders = await call(t.app, 'GET', `/api/admin/wealth/orders?productId=${created.data.id}`, undefined, {
    token: support,
  });
  expect(orders.data.list).toHaveLength(1);
  expect(orders.data.list[0]).toMatchObject({ amount: '150', userId: String(u.userId), username: u.username });
});
