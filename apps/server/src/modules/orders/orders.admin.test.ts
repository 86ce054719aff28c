import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminWithRole, ownerToken } from '../../test/admins.js';
import { call, type TestApp } from '../../test/test-app.js';
import type { TestMarket } from '../markets/markets.test-support.js';
import { orders } from './orders.tables.js';
import { fundedTrader } from './orders.test-support.js';
import { openTradingTestApp, settlementPass, type TradingTestApp } from './trading.test-support.js';

let trading: TradingTestApp;
let t: TestApp;
let market: TestMarket;
let finance: string;
let support: string;
let owner: string;
let alice: Awaited<ReturnType<typeof trader>>;
let bob: Awaited<ReturnType<typeof trader>>;
const placed: Record<string, string> = {};

const get = (url: string, token?: string) => call(t.app, 'GET', url, undefined, { token, lang: 'en' });

const trader = () => fundedTrader(t, finance);

async function order(u: { token: string }, body: Record<string, unknown>) {
  const r = await call(t.app, 'POST', '/api/order/create', body, { token: u.token, lang: 'en' });
  if (r.code !== 0) throw new Error(`order failed: ${r.msg}`);
  return r.data.id as string;
}

beforeAll(async () => {
  trading = await openTradingTestApp('orders-admin-test');
  ({ t, market, finance } = trading);
  support = (await adminWithRole(t, 'support')).token;
  owner = await ownerToken(t);

  alice = await trader();
  bob = await trader();
  placed.settled = await order(alice, { symbol: 'BTCUSDT', direction: 'up', amount: '100', period: 2 });
  placed.aliceOpen = await order(alice, { symbol: 'ETHUSDT', direction: 'down', amount: '20', period: 300 });
  placed.bobOpen = await order(bob, { symbol: 'BTCUSDT', direction: 'down', amount: '30', period: 300 });
  await market.passEndOf(placed.settled);
  await settlementPass(t);
});
afterAll(async () => trading?.close());

const ids = (r: { data: { list: { id: string }[] } }) => r.data.list.map((o) => o.id);

describe('admin orders', () => {
  test('finance, support and the owner list every user’s orders, newest first; others get 403', async () => {
    for (const token of [finance, support, owner]) {
      const r = await get('/api/admin/orders', token);
      expect(r.code).toBe(0);
      expect(ids(r)).toEqual([placed.bobOpen, placed.aliceOpen, placed.settled]);
      expect(r.data).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    }
    for (const role of ['reviewer', 'content']) {
      const { token } = await adminWithRole(t, role);
      expect((await get('/api/admin/orders', token)).status).toBe(403);
      expect((await get(`/api/admin/orders/${placed.settled}`, token)).status).toBe(403);
    }
    expect((await get('/api/admin/orders')).status).toBe(401);
  });

  test('filters by user, symbol, status and direction, and pages', async () => {
    expect(ids(await get(`/api/admin/orders?userId=${alice.userId}`, finance))).toEqual([
      placed.aliceOpen,
      placed.settled,
    ]);
    expect(ids(await get('/api/admin/orders?symbol=ethusdt', finance))).toEqual([placed.aliceOpen]);
    expect(ids(await get('/api/admin/orders?status=open', finance))).toEqual([placed.bobOpen, placed.aliceOpen]);
    expect(ids(await get('/api/admin/orders?direction=up', finance))).toEqual([placed.settled]);
    expect(ids(await get(`/api/admin/orders?userId=${bob.userId}&symbol=BTCUSDT&direction=down`, finance))).toEqual([
      placed.bobOpen,
    ]);
    const second = await get('/api/admin/orders?page=2&pageSize=2', finance);
    expect(ids(second)).toEqual([placed.settled]);
    expect(second.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });

    const bad = await get('/api/admin/orders?status=pending&direction=sideways&userId=x&pageSize=500', finance);
    expect(bad.status).toBe(400);
    expect(bad.data.fields).toMatchObject({
      direction: 'Choose buy rise or buy fall',
      userId: 'This value is not valid',
      pageSize: 'The page size must be 1 to 100',
      status: 'This value is not valid',
    });
  });

  test('the detail shows every field: user, entry and exit ticks, lowest, highest, payout, profit, settlement', async () => {
    const r = await get(`/api/admin/orders/${placed.settled}`, support);
    expect(r.code).toBe(0);
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(placed.settled)));
    expect(row!.status).not.toBe('open');
    expect(r.data).toMatchObject({
      id: placed.settled,
      userId: String(alice.userId),
      username: alice.username,
      symbol: 'BTCUSDT',
      productName: 'Bitcoin',
      direction: 'up',
      amount: '100',
      fee: '1',
      payoutRate: '0.85',
      period: 2,
      status: row!.status,
      source: 'simulated',
      entry: { time: row!.entryTime!.toISOString() },
      exit: { time: row!.exitTime!.toISOString() },
      settledAt: row!.settledAt!.toISOString(),
    });
    expect(r.data.lowest).toMatch(/^\d+\.\d{2}$/);
    expect(r.data.highest).toMatch(/^\d+\.\d{2}$/);
    const payout = { won: '185', lost: '0', tie: '100', void: '101' }[row!.status as 'won'];
    const profit = { won: '84', lost: '-101', tie: '-1', void: '0' }[row!.status as 'won'];
    expect(r.data).toMatchObject({ payout, profit });

    const open = await get(`/api/admin/orders/${placed.bobOpen}`, finance);
    expect(open.data).toMatchObject({ status: 'open', username: bob.username, exit: null, payout: null });
    expect((await get('/api/admin/orders/999999', finance)).status).toBe(404);
  });

  test('nothing can change an order from the back office', async () => {
    for (const method of ['POST', 'PATCH', 'PUT'] as const) {
      const r = await call(t.app, method, `/api/admin/orders/${placed.bobOpen}`, { status: 'won' }, { token: owner });
      expect(r.status).toBe(404);
    }
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(placed.bobOpen)));
    expect(row!.status).toBe('open');
  });
});
