import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/test-app.js';
import { seedProducts } from '../markets/markets.service.js';
import { candles, ticks } from '../markets/markets.tables.js';
import { authenticate } from '../users/users.service.js';
import { chunkItems } from './realtime.publish.js';
import { isType, listenUrl, openSocket, syntheticTick, type TestSocket } from './realtime.test-support.js';

let t: TestApp;
let url: string;
const sockets: TestSocket[] = [];

async function connect(options: { autoPong?: boolean } = {}) {
  const socket = await openSocket(url, options);
  sockets.push(socket);
  await socket.next(isType('welcome'));
  return socket;
}

async function userIdOf(token: string): Promise<number> {
  const session = await authenticate(t.database.db, token);
  return session!.user.id;
}

const hub = () => t.app.realtimeHub;

/** Resolves once the server has answered a ping: whatever it sent before has arrived by then. */
async function caughtUp(s: TestSocket): Promise<void> {
  s.send({ op: 'ping' });
  await s.next(isType('pong'));
}

beforeAll(async () => {
  t = await createTestApp();
  await seedProducts(t.database.db);
  url = await listenUrl(t.app);
});

afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
});

describe('protocol', () => {
  test('a plain GET without Upgrade gets 426 in the envelope', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/ws', headers: { 'accept-language': 'en' } });
    expect(r.statusCode).toBe(426);
    expect(JSON.parse(r.body)).toEqual({
      code: 1008,
      msg: 'This address takes WebSocket connections only',
      data: null,
    });
  });

  test('welcome with the heartbeat, and ping answered with pong', async () => {
    const s = await openSocket(url);
    sockets.push(s);
    expect(await s.next()).toEqual({ type: 'welcome', heartbeatMs: 25_000 });
    s.send({ op: 'ping' });
    expect(await s.next()).toEqual({ type: 'pong' });
  });

  test('invalid JSON and invalid messages get 1001 without closing; an unknown symbol is refused', async () => {
    const s = await connect();
    s.send('{not json');
    expect(await s.next()).toMatchObject({ type: 'error', code: 1001, msg: 'Invalid JSON' });
    s.send({ op: 'subscribe', channel: 'ticks' });
    expect(await s.next()).toMatchObject({ type: 'error', code: 1001 });
    s.send({ op: 'subscribe', channel: 'ticks', symbol: 'BTCUSDT', extra: 1 });
    expect(await s.next()).toMatchObject({ type: 'error', code: 1001 });
    s.send({ op: 'subscribe', channel: 'candles', symbol: 'BTCUSDT', interval: '2m' });
    expect(await s.next()).toMatchObject({ type: 'error', code: 1001 });
    s.send({ op: 'subscribe', channel: 'ticks', symbol: 'NOSUCH' });
    expect(await s.next()).toMatchObject({ type: 'error', code: 4201 });
    s.send({ op: 'ping' });
    expect(await s.next()).toEqual({ type: 'pong' });
  });

  test('more than 20 bad messages close the socket with 1008', async () => {
    const s = await connect();
    for (let i = 0; i < 21; i++) s.send('nope');
    expect(await s.closed).toBe(1008);
    expect(s.received(isType('error'))).toHaveLength(21);
  });

  test('a message over 4 KB closes the socket with 1009', async () => {
    const s = await connect();
    s.send({ op: 'auth', token: 'x'.repeat(5_000) });
    expect(await s.closed).toBe(1009);
  });

  test('at most 50 subscriptions per socket', async () => {
    const s = await connect();
    const intervals = ['1m', '5m', '15m', '30m', '1h', '4h', '1d'];
    const symbols = ['BTCUSDT', 'ETHUSDT', 'AAPL', 'EURUSD', 'XAUUSD', 'TSLA', 'GBPUSD', 'XAGUSD'];
    let sent = 0;
    for (const symbol of symbols) {
      for (const interval of intervals) {
        if (sent === 51) break;
        s.send({ op: 'subscribe', channel: 'candles', symbol, interval });
        sent += 1;
      }
    }
    const answers = [];
    for (let i = 0; i < 51; i++) answers.push(await s.next());
    expect(answers.slice(0, 50).every((m) => m.type === 'subscribed')).toBe(true);
    expect(answers[50]).toMatchObject({ type: 'error', code: 1401 });
    // Unsubscribing frees a place.
    s.send({ op: 'unsubscribe', channel: 'candles', symbol: 'BTCUSDT', interval: '1m' });
    expect(await s.next()).toMatchObject({ type: 'unsubscribed' });
    s.send({ op: 'subscribe', channel: 'ticks', symbol: 'BTCUSDT' });
    expect(await s.next()).toMatchObject({ type: 'subscribed' });
  });
});

describe('market channels', () => {
  test('ticks reach subscribers once per tick, candles only for the subscribed interval, and unsubscribe stops them', async () => {
    const s = await connect();
    s.send({ op: 'subscribe', channel: 'ticks', symbol: 'BTCUSDT' });
    expect(await s.next()).toEqual({ type: 'subscribed', channel: 'ticks', symbol: 'BTCUSDT' });
    s.send({ op: 'subscribe', channel: 'candles', symbol: 'BTCUSDT', interval: '1m' });
    expect(await s.next()).toEqual({ type: 'subscribed', channel: 'candles', symbol: 'BTCUSDT', interval: '1m' });

    const time = new Date('2030-01-02T03:04:05.000Z');
    t.app.events.emit('tick', syntheticTick('BTCUSDT', 6_725_012_345_678n, time));
    t.app.events.emit('tick', syntheticTick('ETHUSDT', 348_000_000_000n, time));
    expect(await s.next()).toEqual({ type: 'tick', symbol: 'BTCUSDT', time: time.toISOString(), price: '67250.12' });
    expect(await s.next()).toEqual({
      type: 'candle',
      symbol: 'BTCUSDT',
      interval: '1m',
      candle: {
        time: 1_893_553_440,
        open: '67249.12',
        high: '67250.62',
        low: '67248.12',
        close: '67250.12',
        volume: '7',
      },
    });

    s.send({ op: 'unsubscribe', channel: 'ticks', symbol: 'BTCUSDT' });
    expect(await s.next()).toEqual({ type: 'unsubscribed', channel: 'ticks', symbol: 'BTCUSDT' });
    t.app.events.emit('tick', syntheticTick('BTCUSDT', 6_800_000_000_000n, new Date(time.getTime() + 1000)));
    // The candle of the second tick is the marker that it was delivered; no tick may come before it.
    const afterUnsubscribe = await s.next();
    expect(afterUnsubscribe).toMatchObject({ type: 'candle', interval: '1m', candle: { close: '68000.00' } });
    await caughtUp(s);
    expect(s.received(isType('tick'))).toHaveLength(1);
    expect(s.received((m) => m.type === 'candle' && m.interval !== '1m')).toHaveLength(0);
    expect(s.received((m) => m.type === 'tick' && m.symbol === 'ETHUSDT')).toHaveLength(0);
  });

  test('one serialisation per channel: every subscriber gets the same tick', async () => {
    const a = await connect();
    const b = await connect();
    for (const s of [a, b]) {
      s.send({ op: 'subscribe', channel: 'ticks', symbol: 'ETHUSDT' });
      await s.next(isType('subscribed'));
    }
    t.app.events.emit('tick', syntheticTick('ETHUSDT', 350_012_000_000n));
    const [ta, tb] = await Promise.all([a.next(isType('tick')), b.next(isType('tick'))]);
    expect(ta).toEqual(tb);
    expect(ta).toMatchObject({ price: '3500.12' });
  });

  test('a batch larger than one NOTIFY payload is split to fit', () => {
    const item = {
      symbol: 'BTCUSDT',
      time: new Date().toISOString(),
      price: '1.00',
      candles: Array.from({ length: 7 }, () => ({
        interval: '1m',
        candle: { time: 1, open: '1.00', high: '1.00', low: '1.00', close: '1.00', volume: '1' },
      })),
    };
    const items = Array.from({ length: 40 }, () => item);
    const chunks = chunkItems(items, 7_900);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.flat()).toHaveLength(40);
    for (const c of chunks) expect(Buffer.byteLength(JSON.stringify({ kind: 'market', items: c }))).toBeLessThan(7_900);
  });

  test('publishTicks skips symbols that are not in the catalogue', async () => {
    const s = await connect();
    s.send({ op: 'subscribe', channel: 'ticks', symbol: 'BTCUSDT' });
    await s.next(isType('subscribed'));
    await t.app.realtime.publishTicks([syntheticTick('NOSUCH', 1n), syntheticTick('BTCUSDT', 100_000_000n)]);
    expect(await s.next(isType('tick'))).toMatchObject({ symbol: 'BTCUSDT', price: '1.00' });
  });
});

describe('first snapshot on subscribe', () => {
  test('a tick subscription starts with the latest recorded tick, then the live ones', async () => {
    const older = new Date('2030-02-01T00:00:00.000Z');
    const latest = new Date('2030-02-01T00:00:01.000Z');
    // Oldest first: a symbol's ticks form a hash chain that only grows forward in time.
    await t.database.db.insert(ticks).values([
      { symbol: 'SOLUSDT', time: older, price: 15_200_000_000n },
      { symbol: 'SOLUSDT', time: latest, price: 15_312_345_678n },
    ]);
    const s = await connect();
    s.send({ op: 'subscribe', channel: 'ticks', symbol: 'SOLUSDT' });
    expect(await s.next()).toEqual({ type: 'subscribed', channel: 'ticks', symbol: 'SOLUSDT' });
    expect(await s.next()).toEqual({ type: 'tick', symbol: 'SOLUSDT', time: latest.toISOString(), price: '153.123' });
    const live = new Date('2030-02-01T00:00:02.000Z');
    t.app.events.emit('tick', syntheticTick('SOLUSDT', 15_400_000_000n, live));
    expect(await s.next()).toEqual({ type: 'tick', symbol: 'SOLUSDT', time: live.toISOString(), price: '154.000' });
  });

  test('a candle subscription starts with the current candle of that interval only', async () => {
    const candle = (interval: string, openTime: number, close: bigint) => ({
      symbol: 'BNBUSDT',
      interval,
      openTime,
      open: 58_000_000_000n,
      high: 59_000_000_000n,
      low: 57_500_000_000n,
      close,
      volume: 42n,
    });
    await t.database.db
      .insert(candles)
      .values([
        candle('5m', 1_896_000_000, 58_100_000_000n),
        candle('5m', 1_896_000_300, 58_212_340_000n),
        candle('1m', 1_896_000_360, 58_900_000_000n),
      ]);
    const s = await connect();
    s.send({ op: 'subscribe', channel: 'candles', symbol: 'BNBUSDT', interval: '5m' });
    expect(await s.next()).toEqual({ type: 'subscribed', channel: 'candles', symbol: 'BNBUSDT', interval: '5m' });
    expect(await s.next()).toEqual({
      type: 'candle',
      symbol: 'BNBUSDT',
      interval: '5m',
      candle: { time: 1_896_000_300, open: '580.00', high: '590.00', low: '575.00', close: '582.12', volume: '42' },
    });
    s.send({ op: 'ping' });
    expect(await s.next()).toEqual({ type: 'pong' });
  });

  test('nothing recorded yet: only the confirmation, no empty snapshot', async () => {
    const s = await connect();
    s.send({ op: 'subscribe', channel: 'ticks', symbol: 'XPDUSD' });
    s.send({ op: 'subscribe', channel: 'candles', symbol: 'XPDUSD', interval: '1d' });
    s.send({ op: 'ping' });
    expect(await s.next()).toMatchObject({ type: 'subscribed', channel: 'ticks' });
    expect(await s.next()).toMatchObject({ type: 'subscribed', channel: 'candles' });
    expect(await s.next()).toEqual({ type: 'pong' });
  });
});

describe('user channel', () => {
  test('auth with a token joins the user channel; a user event reaches only that user', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const aliceId = await userIdOf(alice.token);
    const bobId = await userIdOf(bob.token);
    const a = await connect();
    const b = await connect();
    const anonymous = await connect();

    a.send({ op: 'auth', token: 'not-a-token' });
    expect(await a.next()).toEqual({ type: 'auth', ok: false, code: 1102 });
    a.send({ op: 'auth', token: alice.token });
    expect(await a.next()).toEqual({ type: 'auth', ok: true });
    b.send({ op: 'auth', token: bob.token });
    expect(await b.next()).toEqual({ type: 'auth', ok: true });

    await t.app.realtime.publishUser(aliceId, { type: 'error', code: 0, msg: 'for alice' });
    await t.app.realtime.publishUser(bobId, { type: 'error', code: 0, msg: 'for bob' });
    expect(await a.next()).toMatchObject({ msg: 'for alice' });
    // Bob's own event is his first: Alice's never reached him.
    expect(await b.next()).toMatchObject({ msg: 'for bob' });
    anonymous.send({ op: 'ping' });
    expect(await anonymous.next()).toEqual({ type: 'pong' });
    expect(anonymous.received((m) => m.type === 'error')).toHaveLength(0);
  });

  test('many users’ events published together reach each user, only theirs, in order', async () => {
    const alice = await registerUser(t.app);
    const bob = await registerUser(t.app);
    const aliceId = await userIdOf(alice.token);
    const bobId = await userIdOf(bob.token);
    const a = await connect();
    const b = await connect();
    a.send({ op: 'auth', token: alice.token });
    b.send({ op: 'auth', token: bob.token });
    await a.next(isType('auth'));
    await b.next(isType('auth'));
    // Enough of them (about 600 bytes each) to need several NOTIFY payloads on PostgreSQL.
    const padding = 'x'.repeat(560);
    await t.app.realtime.publishUsers(
      Array.from({ length: 60 }, (_, i) => ({
        userId: [aliceId, bobId, 999_999_999][i % 3]!,
        message: { type: 'error' as const, code: 0, msg: `${i} ${padding}` },
      })),
    );
    const numbers = async (socket: TestSocket) => {
      const got: number[] = [];
      for (let i = 0; i < 20; i++)
        got.push(Number(((await socket.next(isType('error'))) as { msg: string }).msg.split(' ')[0]));
      return got;
    };
    expect(await numbers(a)).toEqual(Array.from({ length: 20 }, (_, i) => i * 3));
    expect(await numbers(b)).toEqual(Array.from({ length: 20 }, (_, i) => i * 3 + 1));
    // A last message through the same bus: nothing of the batch may come after it.
    const end = { type: 'error' as const, code: 0, msg: 'end' };
    await t.app.realtime.publishUsers([aliceId, bobId].map((userId) => ({ userId, message: end })));
    await Promise.all([
      a.next((m) => m.type === 'error' && m.msg === 'end'),
      b.next((m) => m.type === 'error' && m.msg === 'end'),
    ]);
    expect(a.received(isType('error'))).toHaveLength(21);
    expect(b.received(isType('error'))).toHaveLength(21);
  });

  test('five refused sign-ins close the socket', async () => {
    const s = await connect();
    for (let i = 0; i < 5; i++) s.send({ op: 'auth', token: `bad-${i}` });
    expect(await s.closed).toBe(1008);
  });
});

describe('limits and liveness', () => {
  test('a client that does not read is closed with 1013 instead of being buffered for', async () => {
    const user = await registerUser(t.app);
    const userId = await userIdOf(user.token);
    const s = await connect();
    s.send({ op: 'auth', token: user.token });
    await s.next(isType('auth'));
    hub().configure({ bufferedBytesMax: 64 * 1024 });
    try {
      s.ws.pause();
      const big = { type: 'error' as const, code: 0, msg: 'x'.repeat(32 * 1024) };
      const before = hub().connectionCount;
      // Loopback kernel buffers take a few megabytes before the server's own buffer grows.
      for (let i = 0; i < 4_000 && hub().connectionCount === before; i++) {
        hub().dispatch({ kind: 'user', userId, message: big });
        if (i % 50 === 0) await new Promise((r) => setImmediate(r));
      }
      expect(hub().connectionCount).toBe(before - 1);
      s.ws.resume();
      expect(await s.closed).toBe(1013);
    } finally {
      hub().configure({ bufferedBytesMax: 1024 * 1024 });
    }
  });

  test('the heartbeat terminates a client that does not answer pings, and keeps one that does', async () => {
    hub().configure({ heartbeatMs: 100 });
    try {
      const live = await openSocket(url);
      const dead = await openSocket(url, { autoPong: false });
      sockets.push(live, dead);
      expect(await dead.next()).toEqual({ type: 'welcome', heartbeatMs: 100 });
      expect(await dead.closed).toBe(1006);
      // Three more heartbeats answered: the live one stays.
      await new Promise<void>((resolve) => {
        let pings = 0;
        live.ws.on('ping', () => {
          if (++pings === 3) resolve();
        });
      });
      expect(live.ws.readyState).toBe(live.ws.OPEN);
    } finally {
      hub().configure({ heartbeatMs: 25_000 });
    }
  });
});

describe('shutdown', () => {
  test('closing the app closes every socket with 1001 and returns promptly', async () => {
    const s = await connect();
    const paused = await connect();
    paused.ws.pause();
    // The paused socket would hold the close for ever without the 1 s grace: the close returning at
    // all is the point (the test's own limit catches a hang).
    await t.app.close();
    expect(await s.closed).toBe(1001);
    expect(t.app.realtimeHub.connectionCount).toBe(0);
  });
});
