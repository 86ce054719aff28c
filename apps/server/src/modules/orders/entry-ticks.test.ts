import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { MarketEngine } from '../markets/engine.js';
import { ticks } from '../markets/markets.tables.js';
import { startTicker } from '../markets/markets.test-support.js';
import { fund, walletUser } from '../wallet/wallet.test-support.js';
import { recordEntry } from './entry-recorder.js';
import { orders } from './orders.tables.js';

// The entry tick of DESIGN.md 6.4 when many orders wait at once (they share one poll) and when none comes.
let t: TestApp;
let engine: MarketEngine;
let stopTicker: (() => Promise<void>) | null = null;
let finance: string;
const quiet = { info: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  engine = new MarketEngine(t.database, 'entry-ticks-test', quiet);
  await engine.start();
  await engine.stop();
  stopTicker = startTicker(engine, 200);
  finance = (await adminWithRole(t, 'finance')).token;
}, 60_000);
afterAll(async () => {
  await stopTicker?.();
  await t.close();
});

const post = (url: string, body: unknown, token: string) => call(t.app, 'POST', url, body, { token, lang: 'en' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function trader() {
  const u = await walletUser(t);
  await fund(t, u, '1000', finance);
  return u;
}

describe('order/create entry tick', () => {
  test('orders placed together, on two products, each get the first tick recorded after their own acceptance', async () => {
    const traders = await Promise.all(Array.from({ length: 8 }, () => trader()));
    const answers = await Promise.all(
      traders.map(async (u, i) => {
        // Spread over more than a second (ticks come once a second), so the orders wait for different entries.
        await sleep(i * 200);
        return post(
          '/api/order/create',
          { symbol: i % 2 === 0 ? 'BTCUSDT' : 'ETHUSDT', direction: 'up', amount: '10', period: 60 },
          u.token,
        );
      }),
    );
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
    await stopTicker!();
    stopTicker = null;
    // The last tick is fresh (the market is not stale), but none follows.
    const r = await post(
      '/api/order/create',
      { symbol: 'BTCUSDT', direction: 'down', amount: '100', period: 60 },
      u.token,
    );
    stopTicker = startTicker(engine, 200);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ status: 'void', entry: null, payout: '101' });
    const b = (await post('/api/user/balance_list', {}, u.token)).data;
    expect(b).toMatchObject({ available: '1000', trading: '0' });
    expect((await reconcile(t.database.db)).isBalanced).toBe(true);
  }, 15_000);

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
    const rewritten = await Promise.all(ids.map((id) => recordEntry(t.database.db, id, other)));
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
