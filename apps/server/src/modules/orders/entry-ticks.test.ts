import { orderAwaitsEntry } from '@app/contract/markets';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app.js';
import { adminWithRole } from '../../test/admins.js';
import { type CallResult, call, createTestApp, type TestApp } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { reconcile } from '../ledger/ledger.reads.js';
import { ledgerJournals } from '../ledger/ledger.tables.js';
import { ticks } from '../markets/markets.tables.js';
import { TestMarket } from '../markets/markets.test-support.js';
import { listenUrl, openSocket, type TestSocket } from '../realtime/realtime.test-support.js';
import { fund, walletUser } from '../wallet/wallet.test-support.js';
import { EntryRecorder } from './entry-recorder.js';
import { orders } from './orders.tables.js';
import { SettlementWorker } from './settlement-worker.js';

/*
 * DESIGN.md 6.4: order/create answers at acceptance, "waiting for entry"; the entry tick (the first
 * recorded strictly after acceptance) follows on the socket and in hold_list, and none within 5 s
 * voids the order, stake and fee back, once. Time is the test's clock (TestMarket): a tick exists
 * only when the test moves the clock, so "answered before the tick" is a fact, not a race.
 */
let t: TestApp;
let market: TestMarket;
let finance: string;
let wsUrl: string;
const quiet = { info: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  market = await TestMarket.start(t.database, 'entry-ticks-test', { events: t.app.events });
  market.recordEntries();
  finance = (await adminWithRole(t, 'finance')).token;
  wsUrl = await listenUrl(t.app);
});
afterAll(async () => {
  await market?.stop();
  await t?.close();
});

const post = (url: string, body: unknown, token: string, headers?: Record<string, string>) =>
  call(t.app, 'POST', url, body, { token, lang: 'en', headers });
const create = (token: string, over: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  post('/api/order/create', { symbol: 'BTCUSDT', direction: 'up', amount: '10', period: 60, ...over }, token, headers);

async function trader() {
  const u = await walletUser(t);
  await fund(t, u, '1000', finance);
  return u;
}

async function signedInSocket(token: string): Promise<TestSocket> {
  const socket = await openSocket(wsUrl);
  socket.send({ op: 'auth', token });
  await socket.next((m) => m.type === 'auth');
  return socket;
}

async function rowOf(id: string | number) {
  const [row] = await t.database.db
    .select()
    .from(orders)
    .where(eq(orders.id, Number(id)));
  return row!;
}

/** The first tick of the symbol recorded strictly after `after` (the rule's entry). */
async function firstTickAfter(symbol: string, after: Date) {
  const [first] = await t.database.db
    .select()
    .from(ticks)
    .where(and(eq(ticks.symbol, symbol), gt(ticks.time, after)))
    .orderBy(asc(ticks.time))
    .limit(1);
  return first;
}

const settleJournals = async (id: string | number) =>
  t.database.db
    .select()
    .from(ledgerJournals)
    .where(eq(ledgerJournals.idempotencyKey, `order:${id}:settle`));

describe('order/create answers at acceptance', () => {
  test('the answer comes before any tick after acceptance exists; the entry follows on the socket and in hold_list', async () => {
    const u = await trader();
    const socket = await signedInSocket(u.token);
    try {
      await market.pauseEntries();
      const r = await create(u.token, { amount: '100' });
      expect(r.code).toBe(0);
      expect(r.data).toMatchObject({
        status: 'open',
        amount: '100',
        fee: '1',
        payoutRate: expect.any(String),
        entry: null,
        exit: null,
      });
      expect(orderAwaitsEntry(r.data)).toBe(true);
      expect(new Date(r.data.endTime).getTime() - new Date(r.data.createdAt).getTime()).toBe(60_000);
      // Nothing after acceptance is recorded yet: the answer cannot have waited for it.
      const row = await rowOf(r.data.id);
      expect(await firstTickAfter('BTCUSDT', row.acceptedAt)).toBeUndefined();
      expect(row.entryTime).toBeNull();
      // Stake and fee were taken at acceptance.
      expect((await post('/api/user/balance_list', {}, u.token)).data).toMatchObject({
        available: '899',
        trading: '100',
      });
      const waiting = (await post('/api/order/hold_list', {}, u.token)).data;
      expect(waiting.find((o: { id: string }) => o.id === r.data.id)).toMatchObject({ entry: null });
      await socket.next((m) => m.type === 'order' && m.order.id === r.data.id && m.order.entry === null);

      await market.nextTick();
      const entered = await socket.next(
        (m) => m.type === 'order' && m.order.id === r.data.id && m.order.entry !== null,
      );
      const first = (await firstTickAfter('BTCUSDT', row.acceptedAt))!;
      expect(entered.type === 'order' && entered.order).toMatchObject({
        status: 'open',
        entry: { time: first.time.toISOString(), price: expect.any(String) },
      });
      const withEntry = await rowOf(r.data.id);
      expect(withEntry.entryTime).toEqual(first.time);
      expect(withEntry.entryPrice).toBe(first.price);
      const held = (await post('/api/order/hold_list', {}, u.token)).data;
      const heldOrder = held.find((o: { id: string }) => o.id === r.data.id);
      expect(heldOrder.entry).toEqual(entered.type === 'order' && entered.order.entry);
      expect(orderAwaitsEntry(heldOrder)).toBe(false);
    } finally {
      socket.close();
      market.recordEntries();
    }
  });

  test('orders sent at once, on two products and at two moments, each get the first tick strictly after their own acceptance', async () => {
    const traders = await Promise.all(Array.from({ length: 8 }, () => trader()));
    await market.pauseEntries();
    const answers: CallResult[] = [];
    // Four orders at once, the next tick, four more at once (a quarter of a second later), the next tick.
    for (const round of [traders.slice(0, 4), traders.slice(4)]) {
      const placed = await Promise.all(
        round.map((u, i) => create(u.token, { symbol: i % 2 === 0 ? 'BTCUSDT' : 'ETHUSDT' })),
      );
      // Every answer came while no tick after its acceptance existed.
      for (const a of placed) {
        expect(a.code).toBe(0);
        expect(a.data.entry).toBeNull();
      }
      answers.push(...placed);
      await market.skip(250);
      await market.nextTick();
    }
    const ids = answers.map((a) => Number(a.data.id));
    await waitUntil(async () => {
      const rows = await t.database.db.select().from(orders).where(inArray(orders.id, ids));
      return rows.every((r) => r.entryTime !== null);
    }, 'every order has its entry');
    market.recordEntries();
    const rows = await t.database.db.select().from(orders).where(inArray(orders.id, ids));
    expect(rows).toHaveLength(traders.length);
    for (const row of rows) {
      const first = (await firstTickAfter(row.symbol, row.acceptedAt))!;
      expect(row.entryTime).toEqual(first.time);
      expect(row.entryPrice).toBe(first.price);
      expect(row.status).toBe('open');
    }
    expect(new Set(rows.map((r) => r.entryTime!.getTime())).size).toBeGreaterThan(1);
  });

  test('the same Idempotency-Key, sent at once and again later, answers the one order as it stands', async () => {
    const u = await trader();
    await market.pauseEntries();
    const headers = { 'idempotency-key': `entry-replay-${u.userId}00000` };
    const [a, b] = await Promise.all([create(u.token, {}, headers), create(u.token, {}, headers)]);
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect(b.data.id).toBe(a.data.id);
    expect(a.data.entry).toBeNull();
    await market.nextTick();
    await waitUntil(async () => (await rowOf(a.data.id)).entryTime !== null, 'the entry');
    market.recordEntries();
    const later = await create(u.token, {}, headers);
    expect(later.data.id).toBe(a.data.id);
    expect(later.data.entry).not.toBeNull();
    const mine = await t.database.db.select().from(orders).where(eq(orders.userId, u.userId));
    expect(mine).toHaveLength(1);
    expect((await post('/api/user/balance_list', {}, u.token)).data).toMatchObject({ trading: '10' });
  });

  test('no tick within 5 s of acceptance: the order is void, stake and fee return exactly once, and the socket hears it', async () => {
    const u = await trader();
    const socket = await signedInSocket(u.token);
    try {
      await market.pauseEntries();
      // The last tick is fresh (the market is not stale), but none follows: the clock moves 6 s without one.
      const r = await create(u.token, { direction: 'down', amount: '100' });
      expect(r.code).toBe(0);
      expect(r.data.entry).toBeNull();
      await market.skip(6_000);
      const voided = await socket.next(
        (m) => m.type === 'order' && m.order.id === r.data.id && m.order.status !== 'open',
      );
      expect(voided.type === 'order' && voided.order).toMatchObject({ status: 'void', entry: null, payout: '101' });
      // The settlement worker's sweep, twice at once, finds nothing more to do.
      const workers = [0, 1].map(() => new SettlementWorker(t.database.db, quiet, { events: t.app.events }));
      await Promise.all(workers.map((w) => w.runOnce()));
      expect(await settleJournals(r.data.id)).toHaveLength(1);
      expect((await post('/api/user/balance_list', {}, u.token)).data).toMatchObject({
        available: '1000',
        trading: '0',
      });
      expect((await reconcile(t.database.db)).isBalanced).toBe(true);
    } finally {
      socket.close();
      // The feed is back.
      await market.nextTick();
      market.recordEntries();
    }
  });

  test('entries written together land each on its own order; an order that has its entry keeps it', async () => {
    const traders = await Promise.all(Array.from({ length: 3 }, () => trader()));
    const placed = await Promise.all(traders.map((u) => create(u.token)));
    const ids = placed.map((a) => Number(a.data.id));
    await waitUntil(async () => {
      const rows = await t.database.db.select().from(orders).where(inArray(orders.id, ids));
      return rows.every((r) => r.entryTime !== null);
    }, 'the entries');
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

describe('the process that accepted an order stops before its entry', () => {
  /** Another app on the same database (another process), which accepts an order and then goes away. */
  async function acceptOnAnotherApp(token: string, body: Record<string, unknown>) {
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    await other.ready();
    const r = await call(
      other,
      'POST',
      '/api/order/create',
      { symbol: 'BTCUSDT', direction: 'up', amount: '10', period: 60, ...body },
      { token, lang: 'en' },
    );
    // Gone before any tick after acceptance: its desk never records the entry nor voids.
    await other.close();
    return r;
  }

  test('the settlement worker records the entry (the first tick strictly after acceptance) and the socket hears it', async () => {
    const u = await trader();
    const socket = await signedInSocket(u.token);
    try {
      await market.pauseEntries();
      const r = await acceptOnAnotherApp(u.token, { amount: '50' });
      expect(r.code).toBe(0);
      expect(r.data.entry).toBeNull();
      // The ticks go on; nobody is left following the order, until the worker's sweep past its deadline.
      await market.advanceBy(6_500);
      expect((await rowOf(r.data.id)).entryTime).toBeNull();
      const workers = [0, 1].map(() => new SettlementWorker(t.database.db, quiet, { events: t.app.events }));
      await Promise.all(workers.map((w) => w.runOnce()));
      const row = await rowOf(r.data.id);
      const first = (await firstTickAfter('BTCUSDT', row.acceptedAt))!;
      expect(row).toMatchObject({ status: 'open', entryTime: first.time, entryPrice: first.price });
      const entered = await socket.next(
        (m) => m.type === 'order' && m.order.id === r.data.id && m.order.entry !== null,
      );
      expect(entered.type === 'order' && entered.order.entry?.time).toBe(first.time.toISOString());
      expect(await settleJournals(r.data.id)).toHaveLength(0);
    } finally {
      socket.close();
      market.recordEntries();
    }
  });

  test('without a tick in 5 s the settlement worker voids it, stake and fee back exactly once', async () => {
    const u = await trader();
    await market.pauseEntries();
    const r = await acceptOnAnotherApp(u.token, { amount: '100' });
    expect(r.code).toBe(0);
    await market.skip(6_500);
    const workers = [0, 1].map(() => new SettlementWorker(t.database.db, quiet, { events: t.app.events }));
    await Promise.all(workers.map((w) => w.runOnce()));
    await Promise.all(workers.map((w) => w.runOnce()));
    expect(await rowOf(r.data.id)).toMatchObject({ status: 'void', entryTime: null, payout: 101_000_000n });
    expect(await settleJournals(r.data.id)).toHaveLength(1);
    expect((await post('/api/user/balance_list', {}, u.token)).data).toMatchObject({ available: '1000', trading: '0' });
    expect((await reconcile(t.database.db)).isBalanced).toBe(true);
    await market.nextTick();
    market.recordEntries();
  });
});
