import type { LimitView } from '@app/contract/responsible-trading';
import { eq, max, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../db/client.js';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, registerUser, type TestApp } from '../../test/test-app.js';
import { userAccountBalance } from '../ledger/ledger.reads.js';
import { seedProducts } from '../markets/markets.service.js';
import { ticks } from '../markets/markets.tables.js';
import { OrderPlacer, type PlacementOutcome } from '../orders/order-placer.js';
import { orders } from '../orders/orders.tables.js';
import { fundUsers } from '../orders/orders.test-support.js';
import type { PlacementRequest } from '../orders/placement-decision.js';
import { userSessions } from '../users/users.tables.js';
import { fund, PAY, walletUser } from '../wallet/wallet.test-support.js';
import { responsibleSettings } from './responsible-trading.tables.js';

/**
 * The user's own limits, reality check and exclusion from the API to the database and back, and
 * their enforcement where orders are placed (the placer's snapshot and decision) and deposits asked.
 */
let t: TestApp;
let db: Db;
let placer: OrderPlacer;
let finance: string;
const M = 1_000_000n;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  placer = new OrderPlacer(db, () => Date.now(), 'UTC');
  await seedProducts(db);
  finance = (await adminWithRole(t, 'finance')).token;
}, 60_000);
afterAll(async () => t.close());
afterEach(() => vi.useRealTimers());

const post = (url: string, body: unknown, token: string) => call(t.app, 'POST', url, body, { token });
const setLimits = (token: string, limits: Record<string, unknown>) =>
  post('/api/user/responsible/limits', { limits }, token);
const limitOf = (state: { limits: LimitView[] }, name: string) => state.limits.find((l) => l.name === name);

let keys = 0;
async function placeOrder(userId: number, amount: bigint): Promise<PlacementOutcome> {
  // A tick just now: the market is live (unless a test's later clock recorded one after it already).
  const [latest] = await db
    .select({ time: max(ticks.time) })
    .from(ticks)
    .where(eq(ticks.symbol, 'BTCUSDT'));
  if (!latest?.time || latest.time.getTime() < Date.now() - 1000) {
    await db.insert(ticks).values({ symbol: 'BTCUSDT', time: new Date(), price: 6_500_000n }).onConflictDoNothing();
  }
  const request: PlacementRequest = {
    userId,
    requestKey: `responsible-${++keys}`,
    requestHash: null,
    order: { symbol: 'BTCUSDT', direction: 'up', period: 30, amount },
    limits: { maxStakePerOrder: 100_000n * M, maxOpenOrders: 50, maxExposure: 1_000_000_000n * M },
  };
  return placer.place(request);
}
const kindOf = (o: PlacementOutcome) => (o.kind === 'refuse' ? o.refusal : o.kind);

async function trader(funds = 1000n) {
  const u = await registerUser(t.app);
  const userId = Number(u.user.id);
  await fundUsers(db, [userId], funds * M, `responsible-${userId}`);
  return { ...u, userId };
}

describe('setting limits', () => {
  test('a first and a lower limit apply at once; a raise and a removal wait 24 h and say when', async () => {
    const u = await trader();
    const first = await setLimits(u.token, { stakeDay: '100', sessionMinutes: 90 });
    expect(first.code).toBe(0);
    expect(limitOf(first.data, 'stakeDay')).toEqual({ name: 'stakeDay', value: '100', pending: null });
    expect(limitOf(first.data, 'sessionMinutes')).toEqual({ name: 'sessionMinutes', value: '90', pending: null });

    const before = Date.now();
    const raised = await setLimits(u.token, { stakeDay: '500', sessionMinutes: null });
    const pending = limitOf(raised.data, 'stakeDay') as {
      value: string;
      pending: { value: string; effectiveAt: string };
    };
    expect(pending.value).toBe('100');
    expect(pending.pending?.value).toBe('500');
    const effectiveMs = Date.parse(pending.pending!.effectiveAt);
    expect(effectiveMs).toBeGreaterThanOrEqual(before + DAY_MS);
    expect(effectiveMs).toBeLessThan(Date.now() + DAY_MS + 1);
    expect(limitOf(raised.data, 'sessionMinutes')).toMatchObject({ value: '90', pending: { value: null } });

    // Until then the old limit holds (170 > 100 is refused), after it the new one.
    expect(kindOf(await placeOrder(u.userId, 170n * M))).toBe('self_limit_stake');
    vi.useFakeTimers({ toFake: ['Date'], now: effectiveMs + 1000 });
    expect(kindOf(await placeOrder(u.userId, 170n * M))).toBe('placed');
    const state = await post('/api/user/responsible', {}, u.token);
    expect(limitOf(state.data, 'stakeDay')).toEqual({ name: 'stakeDay', value: '500', pending: null });
    expect(limitOf(state.data, 'sessionMinutes')).toEqual({ name: 'sessionMinutes', value: null, pending: null });
  });

  test('bad values are refused with the field named and change nothing', async () => {
    const u = await trader();
    const r = await setLimits(u.token, { lossDay: '-5', realityCheck: 3 });
    expect(r.status).toBe(400);
    const bad = await setLimits(u.token, { sessionMinutes: 2 });
    expect(bad.status).toBe(400);
    const state = await post('/api/user/responsible', {}, u.token);
    expect(state.data.limits.every((l: { value: unknown }) => l.value === null)).toBe(true);
    expect((await post('/api/user/responsible/reality_check', { minutes: 5 }, u.token)).status).toBe(400);
    const set = await post('/api/user/responsible/reality_check', { minutes: 30 }, u.token);
    expect(set.data.realityCheckMinutes).toBe(30);
  });
});

describe('orders against the limits', () => {
  test('the maximum stake per order refuses with the limit named, in the request’s language; nothing moves', async () => {
    const u = await trader();
    await setLimits(u.token, { orderStake: '20' });
    const refused = await placeOrder(u.userId, 25n * M);
    expect(refused).toEqual({
      kind: 'refuse',
      refusal: 'self_limit_order_stake',
      data: { limit: 'orderStake', resetsAt: null },
    });
    expect(await userAccountBalance(db, u.userId, 'available')).toBe(1000n * M);
    expect(kindOf(await placeOrder(u.userId, 20n * M))).toBe('placed');
  });

  test('the day’s stake limit counts the day’s orders and names when it resets (midnight UTC)', async () => {
    const u = await trader();
    await setLimits(u.token, { stakeDay: '50' });
    expect(kindOf(await placeOrder(u.userId, 30n * M))).toBe('placed');
    const refused = await placeOrder(u.userId, 21n * M);
    const nextMidnight = new Date(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1),
    );
    expect(refused).toMatchObject({
      refusal: 'self_limit_stake',
      data: { limit: 'stakeDay', resetsAt: nextMidnight.toISOString() },
    });
    expect(kindOf(await placeOrder(u.userId, 20n * M))).toBe('placed');
  });

  test('the loss limit counts settled net loss and every open order as lost', async () => {
    const u = await trader();
    await setLimits(u.token, { lossWeek: '100' });
    const first = await placeOrder(u.userId, 50n * M);
    expect(kindOf(first)).toBe('placed');
    // 50 + fee open, so another 51 + fee would make the worst case over 100.
    expect(await placeOrder(u.userId, 51n * M)).toMatchObject({
      refusal: 'self_limit_loss',
      data: { limit: 'lossWeek' },
    });
    // The first one wins (payout above stake + fee): the week's net loss is negative, room comes back.
    const row = first.kind === 'placed' ? first.row : null;
    await db
      .update(orders)
      .set({ status: 'won', payout: row!.amount * 2n, settledAt: new Date() })
      .where(eq(orders.id, row!.id));
    expect(kindOf(await placeOrder(u.userId, 95n * M))).toBe('placed');
  });

  test('a cool-off refuses orders and deposits until it ends; withdrawals still work', async () => {
    const u = await walletUser(t, { kyc: true, card: true });
    await fund(t, u, '200', finance);
    const wrong = await post(
      '/api/user/responsible/exclude',
      { period: { kind: 'cool_off', days: 1 }, password: 'wrong-password-9' },
      u.token,
    );
    expect(wrong.code).not.toBe(0);
    expect((await post('/api/user/responsible', {}, u.token)).data.exclusion).toBeNull();

    const set = await post(
      '/api/user/responsible/exclude',
      { period: { kind: 'cool_off', days: 7 }, password: u.password },
      u.token,
    );
    expect(set.code).toBe(0);
    expect(set.data.exclusion.kind).toBe('cool_off');
    const until = set.data.exclusion.until as string;

    expect(await placeOrder(u.userId, 10n * M)).toEqual({
      kind: 'refuse',
      refusal: 'self_excluded',
      data: { kind: 'cool_off', until },
    });
    const deposit = await call(
      t.app,
      'POST',
      '/api/wallet/submit',
      { method: 'bank', amount: '10' },
      { token: u.token, lang: 'vn' },
    );
    expect(deposit.status).toBe(403);
    expect(deposit.msg).toContain('tự loại trừ');
    expect(deposit.data).toEqual({ kind: 'cool_off', until });

    const withdrawal = await post('/api/wallet/bankWithdrawal', { amount: '50', payPassword: PAY }, u.token);
    expect(withdrawal.code).toBe(0);

    // A shorter request does not shorten it; nothing in the database can either.
    await post(
      '/api/user/responsible/exclude',
      { period: { kind: 'cool_off', days: 1 }, password: u.password },
      u.token,
    );
    expect((await post('/api/user/responsible', {}, u.token)).data.exclusion.until).toBe(until);
    await expect(
      db.update(responsibleSettings).set({ excludedUntil: new Date() }).where(eq(responsibleSettings.userId, u.userId)),
    ).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM responsible_settings WHERE user_id = ${u.userId}`)).rejects.toThrow();

    // After it ends, trading comes back.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(until) + 1000 });
    expect(kindOf(await placeOrder(u.userId, 10n * M))).toBe('placed');
  });

  test('a longer self-exclusion extends a cool-off; operators read it and have no route to change it', async () => {
    const u = await trader();
    await post(
      '/api/user/responsible/exclude',
      { period: { kind: 'cool_off', days: 7 }, password: u.password },
      u.token,
    );
    const longer = await post(
      '/api/user/responsible/exclude',
      { period: { kind: 'self_exclusion', months: 6 }, password: u.password },
      u.token,
    );
    expect(longer.data.exclusion.kind).toBe('self_exclusion');
    expect(Date.parse(longer.data.exclusion.until)).toBeGreaterThan(Date.now() + 180 * DAY_MS);
    const support = (await adminWithRole(t, 'support')).token;
    const seen = await call(t.app, 'GET', `/api/admin/users/${u.userId}/responsible`, undefined, { token: support });
    expect(seen.data.exclusion).toEqual(longer.data.exclusion);
    for (const method of ['POST', 'PUT', 'PATCH'] as const) {
      const r = await call(
        t.app,
        method,
        `/api/admin/users/${u.userId}/responsible`,
        { exclusion: null },
        { token: support },
      );
      expect(r.status).toBe(404);
    }
  });
});

describe('deposits against the limits', () => {
  test('the day’s deposit limit counts requests not rejected and refuses the one over it at submission', async () => {
    const u = await walletUser(t);
    await setLimits(u.token, { depositDay: '100' });
    expect((await post('/api/wallet/submit', { method: 'bank', amount: '60' }, u.token)).code).toBe(0);
    const refused = await call(
      t.app,
      'POST',
      '/api/wallet/submit',
      { method: 'bank', amount: '41' },
      { token: u.token, lang: 'en' },
    );
    expect(refused.status).toBe(422);
    // The message itself names the limit and when it resets (a client that shows only msg tells it all).
    expect(refused.msg).toMatch(
      /^This deposit would go over the deposit limit you set for yourself \(daily deposit limit, resets \d\d\/\d\d\/\d{4}, 00:00 UTC\)$/,
    );
    expect(refused.data.limit).toBe('depositDay');
    expect(Date.parse(refused.data.resetsAt)).toBeGreaterThan(Date.now());
    expect((await post('/api/wallet/submit', { method: 'bank', amount: '40' }, u.token)).code).toBe(0);
    const list = await post('/api/user/deposit', {}, u.token);
    expect(list.data.total).toBe(2);
  });
});

describe('the reality check and the session time limit', () => {
  test('the session’s stake and orders; after the session limit the session ends', async () => {
    const u = await trader();
    await post('/api/user/responsible/reality_check', { minutes: 15 }, u.token);
    await setLimits(u.token, { sessionMinutes: 30 });
    expect(kindOf(await placeOrder(u.userId, 12n * M))).toBe('placed');
    expect(kindOf(await placeOrder(u.userId, 10n * M))).toBe('placed');
    const summary = await post('/api/user/responsible/session', {}, u.token);
    expect(summary.data).toMatchObject({
      orders: 2,
      stake: '22',
      won: '0',
      lost: '0',
      net: '0',
      realityCheckMinutes: 15,
    });
    expect(Date.parse(summary.data.endsAt) - Date.parse(summary.data.loginAt)).toBe(30 * 60_000);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(summary.data.endsAt) + 1000 });
    const ended = await post('/api/user/responsible/session', {}, u.token);
    expect(ended.status).toBe(401);
    vi.useRealTimers();
    expect((await post('/api/user/responsible', {}, u.token)).status).toBe(401);
  });

  test('every signed-in call honours the session limit, with no reality check asked: the session ends', async () => {
    const u = await trader();
    expect((await setLimits(u.token, { sessionMinutes: 30 })).code).toBe(0);
    const [session] = await db.select().from(userSessions).where(eq(userSessions.userId, u.userId));
    const endsAt = session!.createdAt.getTime() + 30 * 60_000;
    const createOrder = async () => {
      // A tick at the (test) clock's now, so the market is live for the order (on a symbol whose ticks
      // earlier tests, clocks days ahead, left alone: ticks only go forward).
      await db.insert(ticks).values({ symbol: 'ETHUSDT', time: new Date(), price: 350_000n }).onConflictDoNothing();
      return post('/api/order/create', { symbol: 'ETHUSDT', direction: 'up', amount: '10', period: 30 }, u.token);
    };

    // A moment before the end: trading and the profile work (the profile fills the session cache).
    vi.useFakeTimers({ toFake: ['Date'], now: endsAt - 1 });
    expect((await post('/api/user/details', {}, u.token)).code).toBe(0);
    expect((await createOrder()).code).toBe(0);

    // At the end, still within the session cache's few seconds: refused all the same, and ended.
    vi.setSystemTime(endsAt);
    const refused = await createOrder();
    expect(refused).toMatchObject({ status: 401, code: 1102 });
    const [ended] = await db.select().from(userSessions).where(eq(userSessions.id, session!.id));
    expect(ended!.revokedAt).not.toBeNull();
    expect(await db.select().from(orders).where(eq(orders.userId, u.userId))).toHaveLength(1);
    vi.useRealTimers();
    expect((await post('/api/user/details', {}, u.token)).status).toBe(401);

    // Signing in again opens a new session with its own 30 minutes.
    const login = await post('/api/user/login', { username: u.username, password: u.password }, '');
    expect(login.code).toBe(0);
    expect((await post('/api/user/details', {}, login.data.token)).code).toBe(0);
  });
});
