import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { registerUser } from '../../test/test-app.js';
import { openTwoApps, type TwoApps } from '../../test/two-apps.js';
import { listProductRows, seedProducts } from '../markets/markets.service.js';
import { authenticate } from '../users/users.service.js';
import { isType, listenUrl, openSocket, syntheticTick, type TestSocket } from './realtime.test-support.js';

/**
 * Two apps on one PostgreSQL database, as two API processes would be: what one publishes reaches the
 * sockets of the other through LISTEN/NOTIFY. (The tests publish through one app's bus explicitly
 * instead of emitting engine ticks.)
 */
let two: TwoApps;
let databases: TwoApps['databases'];
let apps: TwoApps['apps'];
const urls: string[] = [];
const sockets: TestSocket[] = [];

async function connect(i: number) {
  const socket = await openSocket(urls[i]!);
  sockets.push(socket);
  await socket.next(isType('welcome'));
  return socket;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  two = await openTwoApps('vela_rt');
  ({ databases, apps } = two);
  for (const app of apps) urls.push(await listenUrl(app));
  await seedProducts(databases[0].db);
});

afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await two?.close();
});

test('both apps use the PostgreSQL bus', () => {
  for (const app of apps) expect(app.realtime.bus.name).toBe('postgres');
});

test('a tick published in one app reaches a socket of the other, exactly once', async () => {
  const onB = await connect(1);
  const onA = await connect(0);
  for (const s of [onA, onB]) {
    s.send({ op: 'subscribe', channel: 'ticks', symbol: 'BTCUSDT' });
    await s.next(isType('subscribed'));
  }
  const time = new Date('2031-05-06T07:08:09.000Z');
  await apps[0]!.realtime.publishTicks([syntheticTick('BTCUSDT', 7_000_000_000_000n, time)]);
  const expected = { type: 'tick', symbol: 'BTCUSDT', time: time.toISOString(), price: '70000.00' };
  expect(await onB.next(isType('tick'))).toEqual(expected);
  expect(await onA.next(isType('tick'))).toEqual(expected);
  // A last tick through the same bus: a second copy of the first would have come before it.
  const endTime = new Date('2031-05-06T07:08:10.000Z');
  await apps[0]!.realtime.publishTicks([syntheticTick('BTCUSDT', 7_100_000_000_000n, endTime)]);
  await onB.next((m) => m.type === 'tick' && m.time === endTime.toISOString());
  expect(onB.received(isType('tick'))).toHaveLength(2);
});

test('a whole engine step (every product, every interval) crosses in NOTIFY-sized pieces', async () => {
  const onB = await connect(1);
  const symbols = ['AAPL', 'EURUSD', 'BTCUSDT', 'XAUUSD', 'XCUUSD'];
  for (const symbol of symbols) {
    onB.send({ op: 'subscribe', channel: 'candles', symbol, interval: '5m' });
    await onB.next(isType('subscribed'));
  }
  const rows = await listProductRows(databases[0]!.db);
  const intervals = ['1m', '5m', '15m', '30m', '1h', '4h', '1d'] as const;
  const events = rows.map((row) => {
    const tick = syntheticTick(row.symbol, row.startPrice);
    const candle = tick.candles[0]!.candle;
    return { ...tick, candles: intervals.map((interval) => ({ interval, candle })) };
  });
  expect(events.length).toBeGreaterThanOrEqual(20);
  await apps[0]!.realtime.publishTicks(events);
  const seen = new Set<string>();
  while (seen.size < symbols.length) {
    const m = await onB.next(isType('candle'));
    if (m.type === 'candle') seen.add(m.symbol);
  }
  expect([...seen].sort()).toEqual([...symbols].sort());
});

test('a user event published in one app reaches that user on the other', async () => {
  const user = await registerUser(apps[0]!);
  const other = await registerUser(apps[0]!);
  const userId = (await authenticate(databases[0]!.db, user.token))!.user.id;
  const onB = await connect(1);
  const otherOnB = await connect(1);
  onB.send({ op: 'auth', token: user.token });
  expect(await onB.next()).toEqual({ type: 'auth', ok: true });
  otherOnB.send({ op: 'auth', token: other.token });
  expect(await otherOnB.next()).toEqual({ type: 'auth', ok: true });
  await apps[0]!.realtime.publishUser(userId, { type: 'error', code: 0, msg: 'for you' });
  expect(await onB.next()).toEqual({ type: 'error', code: 0, msg: 'for you' });
  // A last message to the other user through the same bus: the first, if it leaked, came before it.
  const otherId = (await authenticate(databases[0]!.db, other.token))!.user.id;
  await apps[0]!.realtime.publishUser(otherId, { type: 'error', code: 0, msg: 'end' });
  expect(await otherOnB.next(isType('error'))).toEqual({ type: 'error', code: 0, msg: 'end' });
  expect(otherOnB.received(isType('error'))).toHaveLength(1);
});

test('the LISTEN connection comes back after the server drops it', async () => {
  const onB = await connect(1);
  onB.send({ op: 'subscribe', channel: 'ticks', symbol: 'ETHUSDT' });
  await onB.next(isType('subscribed'));
  const admin = new pg.Client({ connectionString: two.url });
  await admin.connect();
  const { rowCount } = await admin.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
  );
  await admin.end();
  expect(rowCount).toBe(2);
  // The listeners reconnect after a short back-off; publish until one gets through (a listener that
  // never comes back fails on the test's time limit).
  let price = 1n;
  while (onB.received(isType('tick')).length === 0) {
    price += 100_000_000n;
    await apps[0]!.realtime.publishTicks([syntheticTick('ETHUSDT', price)]);
    await sleep(200);
  }
  expect(onB.received(isType('tick')).length).toBeGreaterThan(0);
});
