import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { auditLog } from '../audit/audit.tables.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { orders } from '../orders/orders.tables.js';
import { SettlementWorker } from '../orders/settlement-worker.js';
import { fund, walletUser } from '../wallet/wallet.test-support.js';
import { products } from './markets.tables.js';
import { TestMarket } from './markets.test-support.js';

let t: TestApp;
let market: TestMarket;
let content: string;
let finance: string;
let reviewer: string;
const quiet = { info: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  // The market on the test's clock; each accepted order gets its entry tick (markets.test-support.ts).
  market = await TestMarket.start(t.database, 'markets-admin-test', { events: t.app.events });
  market.recordEntries();
  content = (await adminWithRole(t, 'content')).token;
  finance = (await adminWithRole(t, 'finance')).token;
  reviewer = (await adminWithRole(t, 'reviewer')).token;
});
afterAll(async () => {
  await market?.stop();
  await t?.close();
});

const send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown, token?: string) =>
  call(t.app, method, url, body, { token, lang: 'en' });
const patchProduct = (symbol: string, body: unknown, token = content) =>
  send('PATCH', `/api/admin/products/${symbol}`, body, token);

const PERIODS = [
  { seconds: 30, payoutRate: '0.85', minStake: '10', maxStake: '10000' },
  { seconds: 60, payoutRate: '0.8', minStake: '10', maxStake: '20000' },
];

async function trader(amount = '1000') {
  const u = await walletUser(t);
  await fund(t, u, amount, finance);
  return u;
}

async function auditRowsFor(symbol: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'product.update'), eq(auditLog.targetId, symbol)))
    .orderBy(desc(auditLog.id));
}

describe('products', () => {
  test('content lists every product with its rules, last price and source; a reviewer gets 403', async () => {
    const r = await send('GET', '/api/admin/products', undefined, content);
    expect(r.code).toBe(0);
    expect(r.data).toHaveLength(20);
    const btc = r.data.find((p: { symbol: string }) => p.symbol === 'BTCUSDT');
    expect(btc).toMatchObject({ enabled: true, feeRate: '0.01', source: 'simulated', category: 'crypto' });
    expect(btc.periods[0]).toEqual({ seconds: 30, payoutRate: '0.85', minStake: '10', maxStake: '10000' });
    expect(btc.last).toMatch(/^\d+\.\d{2}$/);

    expect((await send('GET', '/api/admin/products', undefined, reviewer)).status).toBe(403);
    expect((await patchProduct('BTCUSDT', { name: 'x' }, reviewer)).status).toBe(403);
    expect((await patchProduct('BTCUSDT', { name: 'x' }, finance)).status).toBe(403);
    expect((await send('GET', '/api/admin/products')).status).toBe(401);
  });

  test('an edit changes the rules, writes an audit row with before and after, and shows in product/list', async () => {
    const r = await patchProduct('XAGUSD', {
      name: 'Silver spot',
      sort: 3,
      feeRate: '0.0125',
      periods: [...PERIODS, { seconds: 600, payoutRate: '0.7505', minStake: '5.5', maxStake: '999.123456' }],
    });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ symbol: 'XAGUSD', name: 'Silver spot', sort: 3, feeRate: '0.0125' });
    expect(r.data.periods[2]).toEqual({ seconds: 600, payoutRate: '0.7505', minStake: '5.5', maxStake: '999.123456' });
    const [row] = await t.database.db.select().from(products).where(eq(products.symbol, 'XAGUSD'));
    expect(row!.feeRateBp).toBe(125);
    expect(row!.periods[2]).toEqual({
      seconds: 600,
      payoutRateBp: 7505,
      minStakeMinor: '5500000',
      maxStakeMinor: '999123456',
    });

    const [audit] = await auditRowsFor('XAGUSD');
    expect(audit).toMatchObject({ action: 'product.update', targetType: 'product' });
    expect(audit!.before).toMatchObject({ name: 'Silver', feeRate: '0.01', enabled: true });
    expect((audit!.before as { periods: unknown[] }).periods).toHaveLength(4);
    expect(audit!.after).toMatchObject({ name: 'Silver spot', feeRate: '0.0125', sort: 3 });
    expect((audit!.after as { periods: unknown[] }).periods).toHaveLength(3);

    const list = await send('POST', '/api/product/list', { category: 'metal' });
    expect(list.data.find((p: { symbol: string }) => p.symbol === 'XAGUSD')).toMatchObject({
      name: 'Silver spot',
      feeRate: '0.0125',
    });
  });

  test('bad rules are refused with a message on each field, and change nothing', async () => {
    const before = await t.database.db.select().from(products).where(eq(products.symbol, 'XPTUSD'));
    const bad = await patchProduct('XPTUSD', {
      feeRate: '0.2',
      periods: [
        { seconds: 30, payoutRate: '1.5', minStake: '100', maxStake: '10' },
        { seconds: 30, payoutRate: '0.85', minStake: '10', maxStake: '100' },
        { seconds: 5, payoutRate: '0.12345', minStake: '0', maxStake: '1.1234567' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.data.fields).toMatchObject({
      feeRate: 'The fee rate must be 0 to 0.1 with at most 4 decimals',
      'periods.0.payoutRate': 'The payout rate must be above 0 and at most 1, with at most 4 decimals',
      'periods.2.seconds': 'The period must be a whole number of seconds from 10 to 86400',
      'periods.2.payoutRate': 'The payout rate must be above 0 and at most 1, with at most 4 decimals',
      'periods.2.minStake': 'Enter a stake above 0 with at most 6 decimals',
      'periods.2.maxStake': 'Enter a stake above 0 with at most 6 decimals',
    });

    const crossField = await patchProduct('XPTUSD', {
      periods: [
        { seconds: 30, payoutRate: '0.85', minStake: '100', maxStake: '10' },
        { seconds: 30, payoutRate: '0.85', minStake: '10', maxStake: '100' },
      ],
    });
    expect(crossField.status).toBe(400);
    expect(crossField.data.fields).toEqual({
      'periods.0.minStake': 'The minimum stake must not be above the maximum',
      'periods.1.seconds': 'This period is listed twice',
    });

    const vn = await call(
      t.app,
      'PATCH',
      '/api/admin/products/XPTUSD',
      { periods: [] },
      { token: content, lang: 'vn' },
    );
    expect(vn.data.fields).toEqual({ periods: 'Thêm ít nhất một kỳ hạn' });
    const zn = await call(
      t.app,
      'PATCH',
      '/api/admin/products/XPTUSD',
      { payoutRate: 0 },
      { token: content, lang: 'zn' },
    );
    expect(zn.data.fields).toEqual({ payoutRate: '未知欄位' });

    // Prices and the model are not editable at all.
    const price = await patchProduct('XPTUSD', { startPrice: '1', pricePrecision: 8, volatility: 2 });
    expect(price.status).toBe(400);
    expect(Object.keys(price.data.fields).sort()).toEqual(['pricePrecision', 'startPrice', 'volatility']);
    expect((await patchProduct('NOPE', { name: 'x' })).status).toBe(404);

    expect(await t.database.db.select().from(products).where(eq(products.symbol, 'XPTUSD'))).toEqual(before);
    expect(await auditRowsFor('XPTUSD')).toHaveLength(0);
  });

  test('a disabled product is hidden from product/list and refuses new orders; enabling brings it back', async () => {
    const u = await trader();
    expect((await patchProduct('SOLUSDT', { enabled: false })).data.enabled).toBe(false);
    const list = await send('POST', '/api/product/list', {});
    expect(list.data.map((p: { symbol: string }) => p.symbol)).not.toContain('SOLUSDT');
    expect((await send('POST', '/api/product/details', { symbol: 'SOLUSDT' })).code).toBe(4201);
    const refused = await send(
      'POST',
      '/api/order/create',
      { symbol: 'SOLUSDT', direction: 'up', amount: '20', period: 30 },
      u.token,
    );
    expect(refused.code).toBe(4201);
    expect((await send('POST', '/api/user/balance_list', {}, u.token)).data).toMatchObject({ available: '1000' });
    // The back office still lists it, disabled.
    const admin = await send('GET', '/api/admin/products', undefined, content);
    expect(admin.data.find((p: { symbol: string }) => p.symbol === 'SOLUSDT')).toMatchObject({ enabled: false });

    await patchProduct('SOLUSDT', { enabled: true });
    expect((await send('POST', '/api/product/list', {})).data.map((p: { symbol: string }) => p.symbol)).toContain(
      'SOLUSDT',
    );
  });
});

test('an open order keeps the rules it was accepted with when the product changes or is disabled', async () => {
  // A short period so the test is quick (the admin API allows 10 s at least; tests set the row).
  const [eth] = await t.database.db.select().from(products).where(eq(products.symbol, 'ETHUSDT'));
  await t.database.db
    .update(products)
    .set({
      periods: [{ seconds: 3, payoutRateBp: 8500, minStakeMinor: '10000000', maxStakeMinor: '1000000000' }],
      feeRateBp: eth!.feeRateBp,
    })
    .where(eq(products.symbol, 'ETHUSDT'));
  const u = await trader();
  const placed = await send(
    'POST',
    '/api/order/create',
    { symbol: 'ETHUSDT', direction: 'up', amount: '100', period: 3 },
    u.token,
  );
  expect(placed.data).toMatchObject({ status: 'open', amount: '100', fee: '1', payoutRate: '0.85' });

  const changed = await patchProduct('ETHUSDT', {
    enabled: false,
    feeRate: '0.1',
    periods: [{ seconds: 30, payoutRate: '0.1', minStake: '500', maxStake: '1000' }],
  });
  expect(changed.code).toBe(0);
  // A restart in between: the new engine loads the disabled product too, so it keeps ticking.
  const restartedAt = new Date();
  await market.restart('markets-admin-test-restarted');

  const [row] = await t.database.db
    .select()
    .from(orders)
    .where(eq(orders.id, Number(placed.data.id)));
  await market.passEndOf(row!.id);
  await new SettlementWorker(t.database.db, quiet, { events: t.app.events }).runOnce();
  const [settled] = await t.database.db.select().from(orders).where(eq(orders.id, row!.id));
  // Settled from recorded ticks (not void for want of them), at the rate, stake and fee it was accepted with.
  expect(['won', 'lost', 'tie']).toContain(settled!.status);
  expect(settled!.exitTime!.getTime()).toBeGreaterThan(restartedAt.getTime());
  expect(settled!).toMatchObject({ payoutRateBp: 8500, amount: 100_000_000n, fee: 1_000_000n, period: 3 });
  const expected = { won: 185_000_000n, lost: 0n, tie: 100_000_000n }[settled!.status as 'won'];
  expect(settled!.payout).toBe(expected);
  const balances = (await send('POST', '/api/user/balance_list', {}, u.token)).data;
  expect(balances.trading).toBe('0');
  expect(balances.available).toBe({ won: '1084', lost: '899', tie: '999' }[settled!.status as 'won']);
  expect((await reconcile(t.database.db)).isBalanced).toBe(true);
});

describe('trading limits', () => {
  test('content reads and saves them with an audit row; a reviewer gets 403; bad values are refused', async () => {
    const initial = await send('GET', '/api/admin/settings', undefined, content);
    expect(initial.data.trading).toEqual({
      maxOpenOrdersPerUser: 20,
      maxStakePerOrder: '100000',
      maxExposurePerSymbolDirection: '1000000',
    });
    const limits = { maxOpenOrdersPerUser: 5, maxStakePerOrder: '50', maxExposurePerSymbolDirection: '200000' };
    expect((await send('PUT', '/api/admin/settings/trading', limits, reviewer)).status).toBe(403);
    expect((await send('PUT', '/api/admin/settings/trading', limits, finance)).status).toBe(403);

    const bad = await send(
      'PUT',
      '/api/admin/settings/trading',
      { maxOpenOrdersPerUser: 0, maxStakePerOrder: '1.1234567', maxExposurePerSymbolDirection: '0' },
      content,
    );
    expect(bad.status).toBe(400);
    expect(bad.data.fields).toEqual({
      maxOpenOrdersPerUser: 'Enter a whole number from 1 to 1000',
      maxStakePerOrder: 'Incorrect Amount',
      maxExposurePerSymbolDirection: 'Incorrect Amount',
    });

    const saved = await send('PUT', '/api/admin/settings/trading', limits, content);
    expect(saved.code).toBe(0);
    expect(saved.data.trading).toEqual(limits);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      targetId: 'trading',
      before: { trading: initial.data.trading },
      after: { trading: limits },
    });
  });

  test('a stake above the per-order limit is refused with its own code and message, and moves nothing', async () => {
    const u = await trader();
    await send(
      'PUT',
      '/api/admin/settings/trading',
      { maxOpenOrdersPerUser: 20, maxStakePerOrder: '50', maxExposurePerSymbolDirection: '1000000' },
      content,
    );
    const body = { symbol: 'BTCUSDT', direction: 'down', amount: '50.000001', period: 30 };
    const refused = await send('POST', '/api/order/create', body, u.token);
    expect(refused).toMatchObject({
      status: 422,
      code: 4208,
      msg: 'This stake is above the most allowed for one order',
    });
    const vn = await call(t.app, 'POST', '/api/order/create', body, { token: u.token, lang: 'vn' });
    expect(vn.msg).toBe('Số tiền đặt vượt mức tối đa cho một lệnh');
    expect((await send('POST', '/api/user/balance_list', {}, u.token)).data).toMatchObject({
      available: '1000',
      trading: '0',
    });
    const accepted = await send('POST', '/api/order/create', { ...body, amount: '50' }, u.token);
    expect(accepted.code).toBe(0);
  });
});
