import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, type TestApp } from '../../test/test-app.js';
import type { TestMarket } from '../markets/markets.test-support.js';
import { fundedTrader } from './orders.test-support.js';
import { openTradingTestApp, settlementPass, type TradingTestApp } from './trading.test-support.js';

let trading: TradingTestApp;
let t: TestApp;
let market: TestMarket;
let finance: string;

beforeAll(async () => {
  trading = await openTradingTestApp('order-detail-test');
  ({ t, market, finance } = trading);
});
afterAll(async () => trading?.close());

const post = (url: string, body: unknown, token?: string) => call(t.app, 'POST', url, body, { token, lang: 'en' });

const trader = () => fundedTrader(t, finance);

async function settleWhenDue(orderId: string) {
  await market.passEndOf(orderId);
  await settlementPass(t);
}

describe('order/detail', () => {
  test('answers the user’s own order, open and then settled, as order/create and order/list do', async () => {
    const u = await trader();
    const created = await post(
      '/api/order/create',
      { symbol: 'BTCUSDT', direction: 'up', amount: '20', period: 2 },
      u.token,
    );
    expect(created.code).toBe(0);

    const open = await post('/api/order/detail', { id: created.data.id }, u.token);
    expect(open.status).toBe(200);
    expect(open.data).toEqual(created.data);
    expect(open.data).toMatchObject({ status: 'open', amount: '20', fee: '0.2', source: 'simulated' });

    await settleWhenDue(created.data.id);
    const settled = await post('/api/order/detail', { id: ` ${created.data.id} ` }, u.token);
    expect(settled.code).toBe(0);
    expect(settled.data.status).not.toBe('open');
    expect(settled.data.settledAt).not.toBeNull();
    const listed = await post('/api/order/list', {}, u.token);
    expect(settled.data).toEqual(listed.data.list.find((o: { id: string }) => o.id === created.data.id));
  });

  test('another user’s order and an unknown id get the same 404', async () => {
    const owner = await trader();
    const other = await trader();
    const created = await post(
      '/api/order/create',
      { symbol: 'BTCUSDT', direction: 'down', amount: '10', period: 30 },
      owner.token,
    );
    expect(created.code).toBe(0);

    const theirs = await post('/api/order/detail', { id: created.data.id }, other.token);
    const unknown = await post('/api/order/detail', { id: '999999999999' }, other.token);
    for (const answer of [theirs, unknown]) {
      expect(answer.status).toBe(404);
      expect(answer.code).toBe(4207);
      expect(answer.msg).toBe('Order not found');
    }
    expect(theirs.response.body).toBe(unknown.response.body);
  });

  test('a bad id is a 400 naming the field; no session is a 401', async () => {
    const u = await trader();
    for (const [id, message] of [
      ['abc', 'Not a valid order number'],
      ['0', 'Not a valid order number'],
      ['-1', 'Not a valid order number'],
      ['1.5', 'Not a valid order number'],
      ['99999999999999999999', 'Not a valid order number'],
      ['', 'Please give the order number'],
      [12, 'Please give the order number'],
    ] as const) {
      const answer = await post('/api/order/detail', { id }, u.token);
      expect(answer.status, String(id)).toBe(400);
      expect(answer.code).toBe(1001);
      expect(answer.data.fields).toEqual({ id: message });
    }
    expect((await post('/api/order/detail', {}, u.token)).data.fields).toEqual({ id: 'Please give the order number' });
    expect((await post('/api/order/detail', { id: '1', more: 1 }, u.token)).status).toBe(400);
    expect((await post('/api/order/detail', { id: '1' })).status).toBe(401);
  });
});

test('order/create charges the fee rounded up to the minor unit, as the contract’s orderFeeMinor does', async () => {
  const u = await trader();
  const created = await post(
    '/api/order/create',
    { symbol: 'BTCUSDT', direction: 'up', amount: '10.123457', period: 30 },
    u.token,
  );
  expect(created.code).toBe(0);
  // 1 % of 10.123457 is 0.10123457: the platform takes 0.101235.
  expect(created.data.fee).toBe('0.101235');
  expect(created.data.balanceAfter).toBe('989.775308');
  expect((await post('/api/user/balance_list', {}, u.token)).data).toMatchObject({
    available: '989.775308',
    trading: '10.123457',
  });
});
