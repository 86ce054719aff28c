import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { type CallResult, call, createTestApp, type TestApp } from '../../test/test-app.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { ticks } from '../markets/markets.tables.js';
import { TestMarket } from '../markets/markets.test-support.js';
import { fund, walletUser } from '../wallet/wallet.test-support.js';
import { EntryRecorder } from './entry-recorder.js';
import { orders } from './orders.tables.js';

// The entry tick of DESIGN.md 6.4 when many orders wait at once (they share one poll) and when none comes.
let t: TestApp;
let market: TestMarket;
let finance: string;

beforeAll(async () => {
  t = await createTestApp();
  // The market on the test's clock (markets.test-support.ts): ticks come when the test moves it.
  market = await TestMarket.start(t.database, 'entry-ticks-test', { events: t.app.events });
  market.recordEntries();
  finance = (await adminWithRole(t, 'finance')).token;
});
afterAll(async () => {
  await market?.stop();
  await t?.close();
});

const post = (url: string, body: unknown, token: string) => call(t.app, 'POST', url, body, { token, lang: 'en' });

async function trader() {
  const u = await walletUser(t);
  await fund(t, u, '1000', finance);
  return u;
}

describe('order/create entry tick', () => {
  test('orders placed together, on two products, each get the first tick recorded after their own acceptance', async () => {
    const traders = await Promise.all(Array.from({ length: 8 }, () => trader()));
    // Accepted a quarter of a second of the clock apart, over two seconds (ticks come once a second):
    // four orders wait together for each tick, and the orders wait for different entries.
    await market.pauseEntries();
    const pending: Promise<CallResult>[] = [];
    for (const [i, u] of traders.entries()) {
      pending.push(
        post(
          '/api/order/create',
          { symbol: i % 2 === 0 ? 'BTCUSDT' : 'ETHUSDT', direction: 'up', amount: '10', period: 60 },
          u.token,
        ),
      );
      await market.waitForOrdersAwaitingEntry((i % 4) + 1);
      if (i % 4 === 3) await market.nextTick();
      else await market.skip(250);
    }
    const answers = await Promise.all(pending);
    market.recordEntries();
    expect(answers.map((a) => a.code)).toEqual(traders.map(() => 0));
    const rows = await t.database.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          answers.map((a) => Number(a.data.id)),
        ),
      );
    expect(rows).toHaveLength(traders.length);
    for (const row of rows) {
      const [first] = await t.database.db
        .select()
        .from(ticks)
        .where(and(eq(ticks.symbol, row.symbol), gt(ticks.time, row.acceptedAt)))
        .orderBy(asc(ticks.time))
        .limit(1);
      expect(row.entryTime).toEqual(first!.time);
      expect(row.entryPrice).toBe(first!.price);
      const answer = answers.find((a) => a.data.id === String(row.id))!;
      expect(answer.data.entry).toEqual({ time: first!.time.toISOString(), price: expect.any(String) });
      expect(answer.data.status).toBe('open');
    }
    expect(new Set(rows.map((r) => r.entryTime!.getTime())).size).toBeGreaterThan(1);
  });

  test('no tick within 5 s of acceptance: the order is void at once and stake and fee return', async () => {
    const u = await trader();
    await market.pauseEntries();
    // The last tick is fresh (the market is not stale), but none follows: the clock moves 6 s without one.
    const pending = post(
      '/api/order/create',
      { symbol: 'BTCUSDT', direction: 'down', amount: '100', period: 60 },
      u.token,
    );
    await market.waitForOrdersAwaitingEntry(1);
    await market.skip(6_000);
    const r = await pending;
    // The feed is back.
    await market.nextTick();
    market.recordEntries();
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ status: 'void', entry: null, payout: '101' });
    const b = (await post('/api/user/balance_list', {}, u.token)).data;
    expect(b).toMatchObject({ available: '1000', trading: '0' });
    expect((await reconcile(t.database.db)).isBalanced).toBe(true);
  });

  test('entries written together land each on its own order; an order that has its entry keeps it', async () => {
    const traders = await Promise.all(Array.from({ length: 3 }, () => trader()));
    const placed = await Promise.all(
      traders.map((u) =>
        post('/api/order/create', { symbol: 'BTCUSDT', direction: 'up', amount: '10', period: 60 }, u.token),
      ),
    );
    const ids = placed.map((a) => Number(a.data.id));
    const before = await t.database.db.select().from(orders).where(inArray(orders.id, ids));
    // A late second write (a retry, another process) for the same orders, in one batch, changes nothing.
    const other = { time: new Date(Date.now() + 60_000), price: 1n };
    const recorder = new EntryRecorder(t.database.db);
    const rewritten = await Promise.all(ids.map((id) => recorder.record(id, other)));
    expect(rewritten).toEqual([null, null, null]);
    const after = await t.database.db.select().from(orders).where(inArray(orders.id, ids));
    for (const row of after) {
      const first = before.find((b) => b.id === row.id)!;
      expect(row.entryTime).toEqual(first.entryTime);
      expect(row.entryPrice).toBe(first.entryPrice);
    }
    expect(new Set(after.map((r) => r.id))).toEqual(new Set(ids));
  });
});
