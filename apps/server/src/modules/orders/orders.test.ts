import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminWithRole, ownerToken } from '../../test/admins.js';
import { call, type TestApp } from '../../test/test-app.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { products, ticks } from '../markets/markets.tables.js';
import { type TestMarket, waitUntil } from '../markets/markets.test-support.js';
import { DEFAULT_TRADING_LIMITS, type TradingLimits } from '../settings/settings.service.js';
import { fund, walletUser } from '../wallet/wallet.test-support.js';
import { orderExposure, orders } from './orders.tables.js';
import { fundedTrader } from './orders.test-support.js';
import { settle } from './settlement.js';
import { openTradingTestApp, settlementPass, type TradingTestApp } from './trading.test-support.js';

let trading: TradingTestApp;
let t: TestApp;
let market: TestMarket;
let finance: string;

beforeAll(async () => {
  trading = await openTradingTestApp('orders-test');
  ({ t, market, finance } = trading);
});
afterAll(async () => trading?.close());

const post = (url: string, body: unknown, token?: string, headers?: Record<string, string>) =>
  call(t.app, 'POST', url, body, { token, lang: 'en', headers });
const balances = async (token: string) => (await post('/api/user/balance_list', {}, token)).data;

/** The exposure rows of a product (migration 0013), as { up, down } in micro-USDT. */
async function openExposure(symbol: string) {
  const rows = await t.database.db.select().from(orderExposure).where(eq(orderExposure.symbol, symbol));
  const of = (direction: string) => rows.find((r) => r.direction === direction)?.openAmount ?? 0n;
  return { up: of('up'), down: of('down') };
}

/** The same, summed from the open orders themselves. */
async function openStakes(symbol: string) {
  const rows = await t.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.symbol, symbol), eq(orders.status, 'open')));
  const of = (direction: string) =>
    rows.filter((r) => r.direction === direction).reduce((sum, r) => sum + r.amount, 0n);
  return { up: of('up'), down: of('down') };
}

const trader = () => fundedTrader(t, finance);

describe('order/create', () => {
  test('takes stake and fee, answers at acceptance, gets the entry tick after it, and settles by the rule', async () => {
    const u = await trader();
    const r = await post(
      '/api/order/create',
      { symbol: 'BTCUSDT', direction: 'up', amount: '100', period: 2 },
      u.token,
    );
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ status: 'open', amount: '100', fee: '1', payoutRate: '0.85', source: 'simulated' });
    // Answered at acceptance, waiting for its entry (entry-ticks.test.ts has the rest of that story).
    expect(r.data.entry).toBeNull();
    expect(r.data.balanceAfter).toBe('899');
    await waitUntil(async () => {
      const [placed] = await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.id, Number(r.data.id)));
      return placed!.entryTime !== null;
    }, 'the entry tick');
    const detail = await post('/api/order/detail', { id: r.data.id }, u.token);
    expect(new Date(detail.data.entry.time).getTime()).toBeGreaterThan(new Date(r.data.createdAt).getTime());
    expect(await balances(u.token)).toMatchObject({ available: '899', trading: '100' });
    const held = await post('/api/order/hold_list', {}, u.token);
    expect(held.data[0]).toMatchObject({ id: r.data.id });
    expect(['win', 'lose', 'tie']).toContain(held.data[0].wouldWin);

    await market.passEndOf(r.data.id);
    await settlementPass(t);
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(r.data.id)));
    expect(row!.status).not.toBe('open');
    // The result is the pure settlement rule applied to the recorded ticks.
    const window = await t.database.db
      .select()
      .from(ticks)
      .where(and(eq(ticks.symbol, 'BTCUSDT'), gt(ticks.time, row!.acceptedAt), lte(ticks.time, row!.endTime)))
      .orderBy(asc(ticks.time));
    const expected = settle(
      {
        direction: 'up',
        acceptedAtMs: row!.acceptedAt.getTime(),
        endTimeMs: row!.endTime.getTime(),
        amount: row!.amount,
        fee: row!.fee,
        payoutRateBp: 8500,
      },
      window.map((w) => ({ timeMs: w.time.getTime(), price: w.price })),
    );
    expect(row!.status).toBe(expected.status);
    expect(row!.payout).toBe(expected.payout);
    expect(row!.exitPrice).toBe(expected.exit?.price ?? null);
    const b = await balances(u.token);
    expect(b.trading).toBe('0');
    expect(b.available).toBe({ won: '1084', lost: '899', tie: '999', void: '1000' }[row!.status as 'won']);
    const history = await post('/api/order/list', {}, u.token);
    expect(history.data.list[0]).toMatchObject({ id: r.data.id, status: row!.status });
    expect(history.data.list[0].exit).not.toBeNull();
    expect((await reconcile(t.database.db)).isBalanced).toBe(true);
  });

  test('rules: period offered, stake within limits, balance, and clear errors', async () => {
    const u = await trader();
    expect(
      (await post('/api/order/create', { symbol: 'BTCUSDT', direction: 'up', amount: '100', period: 45 }, u.token))
        .code,
    ).toBe(4202);
    const small = await post(
      '/api/order/create',
      { symbol: 'BTCUSDT', direction: 'up', amount: '5', period: 30 },
      u.token,
    );
    expect(small.code).toBe(4203);
    expect(small.msg).toBe('Incorrect Amount');
    expect(
      (await post('/api/order/create', { symbol: 'BTCUSDT', direction: 'up', amount: '2000', period: 30 }, u.token))
        .code,
    ).toBe(4002);
    expect(
      (await post('/api/order/create', { symbol: 'NOPE', direction: 'up', amount: '20', period: 30 }, u.token)).code,
    ).toBe(4201);
    const bad = await post(
      '/api/order/create',
      { symbol: 'BTCUSDT', direction: 'sideways', amount: '1.1234567', period: 30 },
      u.token,
    );
    expect(bad.data.fields).toMatchObject({ direction: 'Choose buy rise or buy fall', amount: 'Incorrect Amount' });
    expect(await balances(u.token)).toMatchObject({ available: '1000', trading: '0' });
  });

  test('a product without a recent tick is refused', async () => {
    const u = await trader();
    const [btc] = await t.database.db.select().from(products).where(eq(products.symbol, 'BTCUSDT'));
    // A product the running engine does not tick (it loaded its products before this one existed).
    await t.database.db.insert(products).values({ ...btc!, symbol: 'STALE1', name: 'Stale' });
    const r = await post(
      '/api/order/create',
      { symbol: 'STALE1', direction: 'down', amount: '20', period: 30 },
      u.token,
    );
    expect(r.code).toBe(4204);
    expect(r.msg).toBe('Prices are not updating right now, please try again shortly');
    expect(await balances(u.token)).toMatchObject({ available: '1000', trading: '0' });
  });

  test('the same Idempotency-Key places one order', async () => {
    const u = await trader();
    const headers = { 'idempotency-key': 'order-key-000001' };
    const body = { symbol: 'BTCUSDT', direction: 'down', amount: '50', period: 30 };
    const [a, b] = await Promise.all([
      post('/api/order/create', body, u.token, headers),
      post('/api/order/create', body, u.token, headers),
    ]);
    expect(a.data.id).toBe(b.data.id);
    expect(await balances(u.token)).toMatchObject({ available: '949.5', trading: '50' });
  });

  test('a refused order’s key answers the same refusal later, even once it could succeed; nothing moves', async () => {
    const u = await walletUser(t);
    await fund(t, u, '20', finance);
    const headers = { 'idempotency-key': 'order-key-refused-1' };
    const body = { symbol: 'BTCUSDT', direction: 'up', amount: '50', period: 30 };
    const first = await post('/api/order/create', body, u.token, headers);
    expect(first.code).toBe(4002);
    await fund(t, u, '1000', finance);
    const again = await post('/api/order/create', body, u.token, headers);
    expect([again.status, again.code, again.msg]).toEqual([422, 4002, 'Insufficient balance']);
    expect(again.response.headers['idempotent-replayed']).toBe('true');
    expect(await balances(u.token)).toMatchObject({ available: '1020', trading: '0' });
    // The same key with another body is refused as such; a new key places the order.
    expect((await post('/api/order/create', { ...body, amount: '60' }, u.token, headers)).code).toBe(1502);
    expect((await post('/api/order/create', body, u.token, { 'idempotency-key': 'order-key-refused-2' })).code).toBe(0);
    expect(await balances(u.token)).toMatchObject({ available: '969.5', trading: '50' });
  });

  test('an operator’s change to a product’s rules applies to the very next order', async () => {
    const u = await trader();
    const content = (await adminWithRole(t, 'content')).token;
    const patch = (body: unknown) => call(t.app, 'PATCH', '/api/admin/products/BTCUSDT', body, { token: content });
    const order = () =>
      post('/api/order/create', { symbol: 'BTCUSDT', direction: 'up', amount: '10', period: 30 }, u.token);
    try {
      expect((await order()).data.fee).toBe('0.1');
      expect((await patch({ feeRate: '0.02' })).code).toBe(0);
      expect((await order()).data.fee).toBe('0.2');
      expect((await patch({ enabled: false })).code).toBe(0);
      expect((await order()).code).toBe(4201);
    } finally {
      await patch({ enabled: true, feeRate: '0.01' });
    }
    expect((await order()).data.fee).toBe('0.1');
    expect(await balances(u.token)).toMatchObject({ available: '969.6', trading: '30' });
  });

  test('risk limits hold for orders sent at once: open orders per user, open stake per product side', async () => {
    // Through the back office, as an operator sets them: the next order sees them.
    const setLimits = async (limits: Partial<TradingLimits>) => {
      const body = { ...DEFAULT_TRADING_LIMITS, ...limits };
      const r = await call(t.app, 'PUT', '/api/admin/settings/trading', body, { token: await ownerToken(t) });
      expect(r.code).toBe(0);
    };
    await setLimits({ maxOpenOrdersPerUser: 1, maxExposurePerSymbolDirection: '100' });
    try {
      const u = await trader();
      const one = { symbol: 'BTCUSDT', direction: 'up', amount: '20', period: 30 };
      expect((await post('/api/order/create', one, u.token)).code).toBe(0);
      expect((await post('/api/order/create', one, u.token)).code).toBe(4205);

      // Ten users at once, 20 each, on a side that takes 100: five are placed, whichever come first.
      const many = await Promise.all(Array.from({ length: 10 }, () => trader()));
      const bets = { symbol: 'ETHUSDT', direction: 'up', amount: '20', period: 30 };
      // At the same moment: one user sends two orders (one may be open) and one is short of money.
      const twice = await trader();
      const poor = await walletUser(t);
      await fund(t, poor, '10', finance);
      const other = { symbol: 'ETHUSDT', direction: 'down', amount: '20', period: 30 };
      const answers = await Promise.all([
        ...many.map((m) => post('/api/order/create', bets, m.token)),
        post('/api/order/create', other, twice.token),
        post('/api/order/create', other, twice.token),
        post('/api/order/create', { ...other, amount: '10' }, poor.token),
      ]);
      const codes = answers.map((r) => r.code);
      expect(codes.slice(0, 10).filter((c) => c === 0)).toHaveLength(5);
      expect(codes.slice(0, 10).filter((c) => c === 4206)).toHaveLength(5);
      expect(codes.slice(10, 12).sort()).toEqual([0, 4205]);
      expect(codes[12]).toBe(4002);

      // Each placed order took its own stake and fee; the refused ones moved nothing.
      for (const [i, m] of many.entries()) {
        const expected = codes[i] === 0 ? { available: '979.8', trading: '20' } : { available: '1000', trading: '0' };
        expect(await balances(m.token)).toMatchObject(expected);
      }
      expect(await balances(twice.token)).toMatchObject({ available: '979.8', trading: '20' });
      expect(await balances(poor.token)).toMatchObject({ available: '10', trading: '0' });
      expect(await openExposure('ETHUSDT')).toEqual({ up: 100_000_000n, down: 20_000_000n });
      expect((await reconcile(t.database.db)).isBalanced).toBe(true);
    } finally {
      await setLimits({});
    }
  });

  test('the open exposure is the sum of the open stakes, as orders open and settle', async () => {
    const u = await trader();
    const before = await openExposure('BTCUSDT');
    const r = await post(
      '/api/order/create',
      { symbol: 'BTCUSDT', direction: 'down', amount: '30', period: 2 },
      u.token,
    );
    expect(await openExposure('BTCUSDT')).toEqual({ ...before, down: before.down + 30_000_000n });
    expect(await openExposure('BTCUSDT')).toEqual(await openStakes('BTCUSDT'));
    await market.passEndOf(r.data.id);
    await settlementPass(t);
    expect(await openExposure('BTCUSDT')).toEqual(await openStakes('BTCUSDT'));
    expect((await openExposure('BTCUSDT')).down).toBe(before.down);
  });

  test('users see only their own orders', async () => {
    const a = await trader();
    const b = await trader();
    await post('/api/order/create', { symbol: 'BTCUSDT', direction: 'up', amount: '10', period: 30 }, a.token);
    expect((await post('/api/order/hold_list', {}, b.token)).data).toEqual([]);
    expect((await post('/api/product/orders', { symbol: 'BTCUSDT' }, b.token)).data).toEqual([]);
    expect((await post('/api/product/orders', { symbol: 'BTCUSDT' }, a.token)).data).toHaveLength(1);
  });
});

test('a crash leaves open orders past their end: the next worker settles each exactly once', async () => {
  const u = await trader();
  const r = await post('/api/order/create', { symbol: 'BTCUSDT', direction: 'down', amount: '30', period: 2 }, u.token);
  await market.passEndOf(r.data.id);
  // Two workers at once (two processes after the restart), then a third pass.
  const counts = await Promise.all([settlementPass(t), settlementPass(t)]);
  expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
  const settledAgain = await settlementPass(t);
  expect(settledAgain).toBe(0);
  const [row] = await t.database.db
    .select()
    .from(orders)
    .where(eq(orders.id, Number(r.data.id)));
  expect(row!.status).not.toBe('open');
  expect((await reconcile(t.database.db)).isBalanced).toBe(true);
});

test('the result reaches the user’s socket when the order settles, and no one else’s', async () => {
  const { listenUrl, openSocket } = await import('../realtime/realtime.test-support.js');
  const url = await listenUrl(t.app);
  const owner = await trader();
  const other = await trader();
  const mine = await openSocket(url);
  const theirs = await openSocket(url);
  try {
    mine.send({ op: 'auth', token: owner.token });
    theirs.send({ op: 'auth', token: other.token });
    await mine.next((m) => m.type === 'auth');
    await theirs.next((m) => m.type === 'auth');
    const r = await post(
      '/api/order/create',
      { symbol: 'BTCUSDT', direction: 'up', amount: '10', period: 2 },
      owner.token,
    );
    await mine.next((m) => m.type === 'order' && m.order.id === r.data.id && m.order.status === 'open');
    await market.passEndOf(r.data.id);
    await settlementPass(t);
    const settled = await mine.next((m) => m.type === 'order' && m.order.id === r.data.id && m.order.status !== 'open');
    expect(settled.type === 'order' && settled.order.exit).not.toBeNull();
    expect(theirs.received((m) => m.type === 'order')).toHaveLength(0);
  } finally {
    mine.close();
    theirs.close();
  }
});
