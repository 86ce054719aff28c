import type { NotificationEvent } from '@app/contract/notifications';
import { PRICE_ALERTS_PER_USER_MAX } from '@app/contract/price-alerts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { call, createTestApp, registerUser, type TestApp } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { seedProducts } from '../markets/markets.service.js';
import { isType, listenUrl, openSocket, type TestSocket } from '../realtime/realtime.test-support.js';
import { PriceAlertEvaluator } from './alert-evaluator.js';
import { priceAlerts } from './price-alerts.tables.js';
import { P, priceAlertNotices, quiet, recordTick } from './price-alerts.test-support.js';

let t: TestApp;
let evaluator: PriceAlertEvaluator;
/** The app after the restart test (createTestApp's close closes only the first). */
let restarted: FastifyInstance | null = null;
const sockets: TestSocket[] = [];
/** The test's clock: only Date is faked; each test moves it forward. */
let nowMs = Math.ceil(Date.now() / 1000) * 1000;
const advance = (ms: number) => {
  nowMs += ms;
  vi.setSystemTime(nowMs);
  return nowMs;
};

beforeAll(async () => {
  t = await createTestApp();
  await seedProducts(t.database.db);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(nowMs);
  evaluator = new PriceAlertEvaluator(t.database.db, quiet, { events: t.app.events });
});
afterAll(async () => {
  vi.useRealTimers();
  for (const s of sockets) s.ws.terminate();
  await restarted?.close();
  await t.close();
});

const post = (url: string, token: string | undefined, body?: unknown, lang = 'en') =>
  call(t.app, 'POST', url, body, { token, lang });

/** A user, and a first recorded price of `symbol` one second ago. */
async function userWithPrice(symbol: string, price: bigint) {
  const u = await registerUser(t.app);
  await recordTick(t.database.db, symbol, advance(1000) - 1, price);
  return { ...u, userId: Number(u.user.id) };
}
const tick = (symbol: string, price: bigint, stepMs = 1000) =>
  recordTick(t.database.db, symbol, advance(stepMs), price);
const alertRow = async (id: string) =>
  (
    await t.database.db
      .select()
      .from(priceAlerts)
      .where(eq(priceAlerts.id, Number(id)))
  )[0]!;

describe('watchlist', () => {
  test('stars and unstars products; list works with no body; unknown products and strangers are refused', async () => {
    const u = await registerUser(t.app);
    expect((await post('/api/watchlist/list', u.token)).data).toEqual({ symbols: [] });
    await post('/api/watchlist/add', u.token, { symbol: 'BTCUSDT' });
    expect((await post('/api/watchlist/add', u.token, { symbol: 'EURUSD' })).data).toEqual({
      symbols: ['BTCUSDT', 'EURUSD'],
    });
    // Starring twice changes nothing.
    expect((await post('/api/watchlist/add', u.token, { symbol: 'BTCUSDT' })).data.symbols).toHaveLength(2);
    expect((await post('/api/watchlist/remove', u.token, { symbol: 'BTCUSDT' })).data).toEqual({ symbols: ['EURUSD'] });
    const unknown = await post('/api/watchlist/add', u.token, { symbol: 'NOPE' }, 'vn');
    expect(unknown.code).not.toBe(0);
    expect((await post('/api/watchlist/list', undefined)).status).toBe(401);
    const other = await registerUser(t.app);
    expect((await post('/api/watchlist/list', other.token)).data).toEqual({ symbols: [] });
  });
});

describe('price alerts fire once from recorded ticks', () => {
  test('"above" fires on the first tick at or over the level, once; it is stored and pushed live in the user\'s list', async () => {
    const u = await userWithPrice('BTCUSDT', P(100));
    const socket = await openSocket(await listenUrl(t.app));
    sockets.push(socket);
    await socket.next(isType('welcome'));
    socket.send({ op: 'auth', token: u.token });
    await socket.next(isType('auth'));

    const created = await post('/api/price_alert/create', u.token, { kind: 'above', symbol: 'BTCUSDT', price: '101' });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({ kind: 'above', price: '101.00', referencePrice: '100.00', isEnabled: true });
    await tick('BTCUSDT', P(100.5));
    expect(await evaluator.runOnce()).toHaveLength(0);
    await tick('BTCUSDT', P(101));
    await tick('BTCUSDT', P(102));
    const fired = await evaluator.runOnce();
    expect(fired.map((r) => [r.id, r.triggeredPrice])).toEqual([[Number(created.data.id), P(101)]]);
    expect(await evaluator.runOnce()).toHaveLength(0);

    const pushed = (await socket.next(isType('notification'))) as NotificationEvent;
    expect(pushed.notification).toMatchObject({ kind: 'price_alert', params: { symbol: 'BTCUSDT', price: '101.00' } });
    await waitUntil(async () => (await priceAlertNotices(t.database.db, u.userId)).length === 1, 'the notice');
    const list = await post('/api/price_alert/list', u.token);
    expect(list.data.list[0]).toMatchObject({ isEnabled: false, triggeredPrice: '101.00' });
    const notices = await post('/api/notification/list', u.token);
    expect(notices.data.list[0]).toMatchObject({
      kind: 'price_alert',
      params: { condition: 'above', level: '101.00' },
    });
  });

  test('"below" fires on a fall through the level; a gap far past it fires once at the first tick past it', async () => {
    const u = await userWithPrice('ETHUSDT', P(2000));
    const below = await post('/api/price_alert/create', u.token, { kind: 'below', symbol: 'ETHUSDT', price: '1990' });
    const above = await post('/api/price_alert/create', u.token, { kind: 'above', symbol: 'ETHUSDT', price: '2010' });
    await tick('ETHUSDT', P(1995));
    expect(await evaluator.runOnce()).toHaveLength(0);
    // A gap: from 1995 to 1900 in one tick, then further down.
    await tick('ETHUSDT', P(1900));
    await tick('ETHUSDT', P(1850));
    expect((await evaluator.runOnce()).map((r) => r.id)).toEqual([Number(below.data.id)]);
    expect((await alertRow(below.data.id)).triggeredPrice).toBe(P(1900));
    // A gap up over the "above" level.
    await tick('ETHUSDT', P(2100));
    expect((await evaluator.runOnce()).map((r) => r.id)).toEqual([Number(above.data.id)]);
    expect(await evaluator.runOnce()).toHaveLength(0);
    await waitUntil(async () => (await priceAlertNotices(t.database.db, u.userId)).length === 2, 'two notices');
  });

  test('a move of N % compares each tick with the price one period earlier', async () => {
    const u = await userWithPrice('XAUUSD', P(100));
    const created = await post('/api/price_alert/create', u.token, {
      kind: 'move',
      symbol: 'XAUUSD',
      percent: '0.6',
      windowSeconds: 300,
    });
    expect(created.data).toMatchObject({ kind: 'move', percent: '0.6', windowSeconds: 300, price: null });
    // A slow drift: 1.5 % above the arming price in all, never 0.6 % within five minutes.
    await tick('XAUUSD', P(100.5), 100_000);
    await tick('XAUUSD', P(101), 300_000);
    await tick('XAUUSD', P(101.5), 300_000);
    expect(await evaluator.runOnce()).toHaveLength(0);
    expect(await evaluator.runOnce()).toHaveLength(0);
    // 102.2 against 101 (the newest price five minutes before): 1.19 %.
    await tick('XAUUSD', P(102.2), 100_000);
    const fired = await evaluator.runOnce();
    expect(fired.map((r) => [r.id, r.triggeredPrice])).toEqual([[Number(created.data.id), P(102.2)]]);
  });

  test('a fired alert is off; turning it on re-arms it from the current price and it fires again', async () => {
    const u = await userWithPrice('SOLUSDT', P(50));
    const a = await post('/api/price_alert/create', u.token, { kind: 'above', symbol: 'SOLUSDT', price: '51' });
    await tick('SOLUSDT', P(52));
    expect(await evaluator.runOnce()).toHaveLength(1);
    // Still above the level: re-arming is refused, in the user's language.
    const refused = await post('/api/price_alert/set_enabled', u.token, { id: a.data.id, enabled: true }, 'zn');
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toBe('目前價格已達到或高於此價位：請設定更高的價格');
    await tick('SOLUSDT', P(50.5));
    const rearmed = await post('/api/price_alert/set_enabled', u.token, { id: a.data.id, enabled: true });
    expect(rearmed.data).toMatchObject({ isEnabled: true, triggeredAt: null, referencePrice: '50.500' });
    await tick('SOLUSDT', P(51));
    expect(await evaluator.runOnce()).toHaveLength(1);
    await waitUntil(async () => (await priceAlertNotices(t.database.db, u.userId)).length === 2, 'a second notice');
    // Off: it does not fire.
    await tick('SOLUSDT', P(49));
    await post('/api/price_alert/set_enabled', u.token, { id: a.data.id, enabled: true });
    await post('/api/price_alert/set_enabled', u.token, { id: a.data.id, enabled: false });
    await tick('SOLUSDT', P(60));
    expect(await evaluator.runOnce()).toHaveLength(0);
  });

  test('a restart between setting and crossing: a new app on the same database fires it', async () => {
    const u = await userWithPrice('XRPUSDT', P(1));
    const a = await post('/api/price_alert/create', u.token, { kind: 'below', symbol: 'XRPUSDT', price: '0.9' });
    expect(a.code).toBe(0);
    await evaluator.runOnce();
    await t.app.close();
    restarted = await buildApp({ config: t.config, database: t.database, logger: false });
    await restarted.ready();
    t.app = restarted;
    await tick('XRPUSDT', P(0.85));
    const fresh = new PriceAlertEvaluator(t.database.db, quiet, { events: t.app.events });
    expect((await fresh.runOnce()).map((r) => r.id)).toEqual([Number(a.data.id)]);
    await waitUntil(async () => (await priceAlertNotices(t.database.db, u.userId)).length === 1, 'the notice');
    evaluator = fresh;
  });
});

describe('price alerts: bounded passes lose nothing', () => {
  test('more armed alerts than a pass takes: each symbol is evaluated whole, the others in later passes', async () => {
    const u = await userWithPrice('NVDA', P(100));
    await recordTick(t.database.db, 'TSLA', nowMs - 1, P(200));
    const create = (symbol: string, kind: 'above' | 'below', price: string) =>
      post('/api/price_alert/create', u.token, { kind, symbol, price }).then((r) => Number(r.data.id));
    const nvda = [await create('NVDA', 'above', '101'), await create('NVDA', 'above', '102')];
    const tsla = [await create('TSLA', 'below', '199'), await create('TSLA', 'below', '198')];
    nvda.push(await create('NVDA', 'above', '103'));
    // Pages of 2 and passes of about 2 alerts: fewer than either symbol has, or than all armed ones.
    const small = new PriceAlertEvaluator(t.database.db, quiet, { armedPageSize: 2, armedPerPassMax: 2 });
    await tick('NVDA', P(104));
    await tick('TSLA', P(190));
    const firedIds = async () => (await small.runOnce()).map((r) => r.id).sort((a, b) => a - b);
    // The first pass takes NVDA, all three of its alerts in two pages, before its cursor moves.
    expect(await firedIds()).toEqual(nvda);
    // A later tick of NVDA, back under every level: nothing of NVDA was left behind the cursor.
    await tick('NVDA', P(99));
    // The next pass takes its turn with TSLA: the fall recorded before is still seen.
    expect(await firedIds()).toEqual(tsla);
    expect(await firedIds()).toEqual([]);
    for (const id of nvda) expect((await alertRow(String(id))).triggeredPrice).toBe(P(104));
    for (const id of tsla) expect((await alertRow(String(id))).triggeredPrice).toBe(P(190));
  });
});

describe('a fired alert and its notice commit together', () => {
  test('the notice is stored in the firing pass, also by an evaluator that tells no one', async () => {
    const u = await userWithPrice('AMZN', P(180));
    const a = await post('/api/price_alert/create', u.token, { kind: 'above', symbol: 'AMZN', price: '181.5' });
    await tick('AMZN', P(182));
    const silent = new PriceAlertEvaluator(t.database.db, quiet);
    expect((await silent.runOnce()).map((r) => r.id)).toEqual([Number(a.data.id)]);
    // No waiting: the row is there when the pass has returned.
    const notices = await priceAlertNotices(t.database.db, u.userId);
    expect(notices.map((n) => n.params)).toEqual([
      {
        alertId: a.data.id,
        symbol: 'AMZN',
        condition: 'above',
        level: '181.50',
        percent: '',
        windowSeconds: '',
        price: '182.00',
      },
    ]);
  });

  test('a failure after the firing update rolls both back; the next pass fires it with its notice', async () => {
    const u = await userWithPrice('USDCHF', P(0.9));
    const a = await post('/api/price_alert/create', u.token, { kind: 'below', symbol: 'USDCHF', price: '0.89' });
    await tick('USDCHF', P(0.885));
    // Storing this notice fails, as a crash or a lost connection would between the two writes.
    await t.database.db.execute(sql`
      CREATE FUNCTION refuse_usdchf_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.params->>'symbol' = 'USDCHF' THEN RAISE EXCEPTION 'notice refused by the test'; END IF;
        RETURN NEW;
      END $$`);
    await t.database.db.execute(
      sql`CREATE TRIGGER refuse_usdchf_notice BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION refuse_usdchf_notice()`,
    );
    try {
      await expect(evaluator.runOnce()).rejects.toThrow();
    } finally {
      await t.database.db.execute(sql`DROP TRIGGER refuse_usdchf_notice ON notifications`);
      await t.database.db.execute(sql`DROP FUNCTION refuse_usdchf_notice()`);
    }
    expect(await alertRow(a.data.id)).toMatchObject({ isEnabled: true, triggeredAt: null });
    expect(await priceAlertNotices(t.database.db, u.userId)).toEqual([]);
    expect((await evaluator.runOnce()).map((r) => r.id)).toEqual([Number(a.data.id)]);
    expect(await alertRow(a.data.id)).toMatchObject({ isEnabled: false, triggeredPrice: P(0.885) });
    expect((await priceAlertNotices(t.database.db, u.userId)).map((n) => n.params.price)).toEqual(['0.88500']);
  });
});

describe('price alerts: rules and limits', () => {
  test('an "above" at or under the price and a "below" at or over it are refused, with clear messages', async () => {
    const u = await userWithPrice('AAPL', P(200));
    const above = await post('/api/price_alert/create', u.token, { kind: 'above', symbol: 'AAPL', price: '200' });
    expect(above.status).toBe(422);
    expect(above.msg).toBe('The price is already at or above this level: choose a higher price');
    const below = await post('/api/price_alert/create', u.token, { kind: 'below', symbol: 'AAPL', price: '201' }, 'vn');
    expect(below.msg).toBe('Giá hiện đã bằng hoặc thấp hơn mức này: hãy chọn mức giá thấp hơn');
    const bad = await post('/api/price_alert/create', u.token, {
      kind: 'move',
      symbol: 'AAPL',
      percent: '0',
      windowSeconds: 300,
    });
    expect(bad.status).toBe(400);
    const badWindow = await post('/api/price_alert/create', u.token, {
      kind: 'move',
      symbol: 'AAPL',
      percent: '1',
      windowSeconds: 7,
    });
    expect(badWindow.status).toBe(400);
    expect((await post('/api/price_alert/list', u.token)).data.list).toEqual([]);
  });

  test(`at most ${PRICE_ALERTS_PER_USER_MAX} alerts per user, also when created at once`, async () => {
    const u = await userWithPrice('MSFT', P(400));
    const make = (i: number) =>
      post('/api/price_alert/create', u.token, { kind: 'above', symbol: 'MSFT', price: String(401 + i) });
    const first = await Promise.all(Array.from({ length: PRICE_ALERTS_PER_USER_MAX - 2 }, (_, i) => make(i)));
    expect(first.every((r) => r.code === 0)).toBe(true);
    const racing = await Promise.all([make(100), make(101), make(102), make(103)]);
    expect(racing.filter((r) => r.code === 0)).toHaveLength(2);
    const refused = racing.find((r) => r.code !== 0)!;
    expect(refused.msg).toBe('You have reached the limit of 50 price alerts: delete one first');
    const list = await post('/api/price_alert/list', u.token, { symbol: 'MSFT' });
    expect(list.data.list).toHaveLength(PRICE_ALERTS_PER_USER_MAX);
    // Deleting one makes room; another user's alert cannot be deleted.
    const stranger = await registerUser(t.app);
    const theirs = await post('/api/price_alert/delete', stranger.token, { id: list.data.list[0].id });
    expect(theirs.status).toBe(404);
    expect((await post('/api/price_alert/delete', u.token, { id: list.data.list[0].id })).code).toBe(0);
    expect((await make(200)).code).toBe(0);
  });
});
