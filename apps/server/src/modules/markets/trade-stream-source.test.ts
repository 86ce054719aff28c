import type { AddressInfo } from 'node:net';
import { and, desc, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import { adminWithRole } from '../../test/admins.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { fund, walletUser } from '../wallet/wallet.test-support.js';
import { MarketEngine } from './engine.js';
import { ticks } from './markets.tables.js';
import { TestMarket, useTestClock } from './markets.test-support.js';
import type { MarketStreamConfig } from './price-source.js';
import { parseDecimalPrice } from './prices.js';
import { parseTradeMessage, reconnectDelayMs, TRADE_STALE_AFTER_MS, TradeStreamSource } from './trade-stream-source.js';

/** A stand-in for an exchange's trade stream, on this machine only. */
class FakeExchange {
  readonly paths: string[] = [];
  private constructor(private readonly server: WebSocketServer) {
    server.on('connection', (_socket, request) => this.paths.push(request.url ?? ''));
  }

  static async start(port = 0): Promise<FakeExchange> {
    const server = new WebSocketServer({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    return new FakeExchange(server);
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get openClients(): WebSocket[] {
    return [...this.server.clients];
  }

  send(message: string | Buffer | object): void {
    const data = typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message);
    for (const client of this.server.clients) client.send(data);
  }

  trade(symbol: string, price: string, tradeTimeMs = Date.now(), tradeId?: number): void {
    const data = { e: 'trade', s: symbol, p: price, T: tradeTimeMs, ...(tradeId === undefined ? {} : { t: tradeId }) };
    this.send({ stream: `${symbol.toLowerCase()}@trade`, data });
  }

  async stop(): Promise<void> {
    for (const client of this.server.clients) client.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const quiet = { info: () => {}, error: () => {}, warn: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const waitFor = (condition: () => boolean | Promise<boolean>, what: string) => waitUntil(condition, what);

describe('reading trade messages', () => {
  test('prices are exact decimals rounded half up to the precision, never through floats', () => {
    expect(parseDecimalPrice('67250.12000000', 2)).toBe(6_725_012_000_000n);
    expect(parseDecimalPrice('67250.125', 2)).toBe(6_725_013_000_000n);
    expect(parseDecimalPrice('67250.12499999999999', 2)).toBe(6_725_012_000_000n);
    expect(parseDecimalPrice('0.52315', 4)).toBe(52_320_000n);
    expect(parseDecimalPrice('1.0852', 5)).toBe(108_520_000n);
    // 2^53 + 1 is not a double; as a decimal string it stays exact.
    expect(parseDecimalPrice('9007199254740993.5', 0)).toBe(900_719_925_474_099_400_000_000n);
    for (const bad of ['', '-1', '1e5', '0x10', ' 1', '1.', '.5', '0.00', '0.001', 'NaN', '1'.repeat(21)]) {
      expect(parseDecimalPrice(bad, 2), bad).toBeNull();
    }
  });

  test('combined and raw trade events are read; anything else is not', () => {
    const data = { e: 'trade', s: 'BTCUSDT', p: '67250.12000000', T: 1_700_000_000_123 };
    const expected = { symbol: 'BTCUSDT', price: '67250.12000000', tradeTimeMs: 1_700_000_000_123 };
    expect(parseTradeMessage(JSON.stringify({ stream: 'btcusdt@trade', data }))).toEqual(expected);
    expect(parseTradeMessage(JSON.stringify(data))).toEqual(expected);
    // The exchange's trade id (`t`), kept as a decimal string; one that is not a whole number is left out.
    expect(parseTradeMessage(JSON.stringify({ ...data, t: 3_456_789_012 }))).toEqual({
      ...expected,
      tradeId: '3456789012',
    });
    for (const odd of ['12', 1.5, -1]) {
      expect(parseTradeMessage(JSON.stringify({ ...data, t: odd }))?.tradeId, String(odd)).toBeUndefined();
    }
    for (const bad of [
      'not json',
      'null',
      '[1,2]',
      JSON.stringify({ ...data, e: 'aggTrade' }),
      JSON.stringify({ ...data, p: 67250.12 }),
      JSON.stringify({ ...data, p: '-1' }),
      JSON.stringify({ ...data, s: 'btc usdt' }),
      JSON.stringify({ ...data, T: '1700000000123' }),
      JSON.stringify({ stream: 'btcusdt@trade', data: 'trade' }),
    ]) {
      expect(parseTradeMessage(bad), bad).toBeNull();
    }
  });

  test('reconnect waits double from the minimum, stop at the cap, and carry jitter', () => {
    expect(reconnectDelayMs(0, 500, 30_000, 0)).toBe(250);
    expect(reconnectDelayMs(0, 500, 30_000, 0.999)).toBeCloseTo(499.75);
    expect(reconnectDelayMs(3, 500, 30_000, 0)).toBe(2_000);
    expect(reconnectDelayMs(10, 500, 30_000, 0)).toBe(15_000);
    expect(reconnectDelayMs(1_000, 500, 30_000, 0.999)).toBeLessThan(30_000);
  });

  test('a combined-stream URL without streams gets one per symbol; other URLs are used as given', () => {
    const source = (url: string) => new TradeStreamSource({ url, symbols: ['BTCUSDT', 'ETHUSDT'], log: quiet });
    expect(source('wss://x.example/stream').streamUrl).toBe(
      'wss://x.example/stream?streams=btcusdt@trade/ethusdt@trade',
    );
    expect(source('wss://x.example/stream?streams=btcusdt@trade').streamUrl).toBe(
      'wss://x.example/stream?streams=btcusdt@trade',
    );
    expect(source('wss://x.example/ws/btcusdt@trade').streamUrl).toBe('wss://x.example/ws/btcusdt@trade');
  });
});

describe('the engine fed by a trade stream', () => {
  const SYMBOLS = ['BTCUSDT', 'ETHUSDT'];
  let exchange: FakeExchange;
  let stream: TradeStreamSource;
  let t: TestApp;
  let engine: MarketEngine;
  let market: TestMarket;
  let finance: string;
  const startedAt = new Date();

  beforeAll(async () => {
    // The test's clock (markets.test-support.ts): trades are stamped, and go stale, on it.
    useTestClock();
    exchange = await FakeExchange.start();
    const config: MarketStreamConfig = { url: `ws://127.0.0.1:${exchange.port}/stream`, symbols: SYMBOLS };
    stream = new TradeStreamSource({ ...config, log: quiet, reconnectDelayMinMs: 20, reconnectDelayMaxMs: 200 });
    t = await createTestApp({
      configure: (c) => {
        c.marketStream = config;
      },
    });
    engine = new MarketEngine(t.database, 'stream-test', quiet, {
      events: t.app.events,
      stream: { config, source: stream },
    });
    await engine.start();
    await engine.stop(); // the tests drive steps by hand; the stream keeps running
    market = new TestMarket(t.database, engine, { events: t.app.events });
    stream.start();
    finance = (await adminWithRole(t, 'finance')).token;
  });
  afterAll(async () => {
    await market?.stop();
    await stream.stop();
    await exchange.stop();
    await t.close();
  });

  const post = (url: string, body: unknown, token?: string) => call(t.app, 'POST', url, body, { token, lang: 'en' });
  const scaled = (text: string) => parseDecimalPrice(text, 8)!;

  async function latestTick(symbol: string) {
    const [row] = await t.database.db
      .select()
      .from(ticks)
      .where(eq(ticks.symbol, symbol))
      .orderBy(desc(ticks.time))
      .limit(1);
    return row;
  }

  /**
   * Moves the clock a second at a time, recording each tick, until `symbol`'s newest tick has
   * `price` (the trade has come in over the socket meanwhile).
   */
  async function stepUntilPrice(symbol: string, price: string) {
    for (let i = 0; i < 100; i++) {
      await market.nextTick();
      if ((await latestTick(symbol))?.price === scaled(price)) return;
      await sleep(30);
    }
    throw new Error(`${symbol} never ticked at ${price}`);
  }

  async function recordedPrices(symbol: string): Promise<Set<bigint>> {
    const rows = await t.database.db
      .select({ price: ticks.price })
      .from(ticks)
      .where(and(eq(ticks.symbol, symbol), gte(ticks.time, startedAt)));
    return new Set(rows.map((r) => r.price));
  }

  test('trades flow: ticks record exactly the streamed prices, labelled live; no history is invented', async () => {
    await waitFor(() => exchange.openClients.length === 1, 'the source to connect');
    expect(new Set(exchange.paths)).toEqual(new Set(['/stream?streams=btcusdt@trade/ethusdt@trade']));
    // A product fed by the stream has no synthetic past: its chart starts with its first real tick.
    expect((await post('/api/product/kdata', { symbol: 'BTCUSDT', interval: '1m' })).data).toEqual([]);
    expect((await post('/api/product/kdata', { symbol: 'EURUSD', interval: '1m' })).data).toHaveLength(300);

    exchange.trade('BTCUSDT', '67250.12500000', Date.now(), 4_120_001);
    exchange.send({ e: 'trade', s: 'ETHUSDT', p: '3481.994', T: Date.now(), t: 77 }); // the raw single-stream form
    await stepUntilPrice('BTCUSDT', '67250.13');
    await stepUntilPrice('ETHUSDT', '3481.99');
    exchange.trade('BTCUSDT', '67251.00000000', Date.now(), 4_120_002);
    await stepUntilPrice('BTCUSDT', '67251.00');
    // Each streamed tick keeps the id of the exchange's trade it took its price from; a simulated one has none.
    const tradeIds = await t.database.db
      .select({ price: ticks.price, tradeId: ticks.tradeId })
      .from(ticks)
      .where(and(eq(ticks.symbol, 'BTCUSDT'), gte(ticks.time, startedAt)));
    expect(new Set(tradeIds.map((r) => `${r.price}:${r.tradeId}`))).toEqual(
      new Set([`${scaled('67250.13')}:4120001`, `${scaled('67251.00')}:4120002`]),
    );
    expect((await latestTick('ETHUSDT'))?.tradeId).toBe('77');
    expect((await latestTick('EURUSD'))?.tradeId).toBeNull();

    expect(await recordedPrices('BTCUSDT')).toEqual(new Set([scaled('67250.13'), scaled('67251.00')]));
    const details = await post('/api/product/details', { symbol: 'BTCUSDT' });
    expect(details.data).toMatchObject({ source: 'live', last: '67251.00' });
    const turnover = await post('/api/product/trunover', { symbol: 'BTCUSDT' });
    expect(turnover.data).toMatchObject({ source: 'live', last: '67251.00' });
    const list = await post('/api/product/list', {});
    const sources = Object.fromEntries(list.data.map((q: { symbol: string; source: string }) => [q.symbol, q.source]));
    expect(sources).toMatchObject({ BTCUSDT: 'live', ETHUSDT: 'live', SOLUSDT: 'simulated', EURUSD: 'simulated' });
    expect((await call(t.app, 'GET', '/api/common/config')).data.marketSource).toBe('mixed');
    const candles = (await post('/api/product/kdata', { symbol: 'BTCUSDT', interval: '1m' })).data;
    expect(candles.length).toBeGreaterThan(0);
    for (const c of candles) expect(['67250.13', '67251.00']).toContain(c.close);
  });

  test('malformed, foreign, out-of-order and oversized messages are ignored and the connection stays', async () => {
    const client = exchange.openClients[0];
    const connections = exchange.paths.length;
    const trade = { e: 'trade', s: 'BTCUSDT', T: Date.now() };
    exchange.send('not json {');
    exchange.send(Buffer.from([0xde, 0xad, 0xbe, 0xef]));
    exchange.send({ stream: 'btcusdt@trade', data: { ...trade, p: '-5' } });
    exchange.send({ stream: 'btcusdt@trade', data: { ...trade, p: '1e5' } });
    exchange.send({ stream: 'btcusdt@trade', data: { ...trade, p: 67_000.5 } });
    exchange.send({ stream: 'dogeusdt@trade', data: { ...trade, s: 'DOGEUSDT', p: '0.15' } });
    exchange.trade('BTCUSDT', '1.00', 1_000); // older than the last trade: arrived out of order
    exchange.send({ stream: 'btcusdt@trade', data: { ...trade, p: '99999.99' }, padding: 'x'.repeat(10_000) });
    exchange.trade('BTCUSDT', '67260.50');
    await stepUntilPrice('BTCUSDT', '67260.50');

    expect(await recordedPrices('BTCUSDT')).toEqual(
      new Set([scaled('67250.13'), scaled('67251.00'), scaled('67260.50')]),
    );
    expect(await latestTick('DOGEUSDT')).toBeUndefined();
    expect(exchange.openClients).toEqual([client]);
    expect(exchange.paths).toHaveLength(connections);
  });

  test('a frame over the hard limit closes the connection; the source opens a new one and trades go on', async () => {
    const connections = exchange.paths.length;
    exchange.send('x'.repeat(2 * 1024 * 1024));
    await waitFor(
      () => exchange.paths.length === connections + 1 && exchange.openClients.length === 1,
      'a new connection',
    );
    exchange.trade('BTCUSDT', '67265.00');
    await stepUntilPrice('BTCUSDT', '67265.00');
  });

  test('when the stream stops, the product gets no ticks after the staleness limit and orders are refused', async () => {
    exchange.trade('BTCUSDT', '67270.00');
    await stepUntilPrice('BTCUSDT', '67270.00');
    const receivedBy = Date.now();
    const port = exchange.port;
    await exchange.stop();

    // Within the limit the last trade still stands; past it, no tick, while simulated products go on.
    await market.nextTick();
    const within = await latestTick('BTCUSDT');
    expect(within?.price).toBe(scaled('67270.00'));
    expect(within!.time.getTime()).toBeGreaterThan(receivedBy);
    // Past the limit, and more than 5 s after that last tick: no tick, and the market is stale.
    const lastTickMs = within!.time.getTime();
    await market.skip(lastTickMs + TRADE_STALE_AFTER_MS + 100 - Date.now());
    const staleTime = new Date();
    await market.tickNow();
    expect((await latestTick('BTCUSDT'))!.time.getTime()).toBeLessThan(staleTime.getTime());
    expect((await latestTick('EURUSD'))!.time.getTime()).toBe(Math.floor(staleTime.getTime() / 1000) * 1000);
    await waitFor(() => !stream.isConnected, 'the source to see the stream close');

    const user = await walletUser(t);
    await fund(t, user, '100', finance);
    const refused = await post(
      '/api/order/create',
      { symbol: 'BTCUSDT', direction: 'up', amount: '10', period: 30 },
      user.token,
    );
    expect(refused).toMatchObject({ code: 4204, msg: 'Prices are not updating right now, please try again shortly' });
    expect((await post('/api/user/balance_list', {}, user.token)).data.available).toBe('100');

    exchange = await FakeExchange.start(port);
  });

  test('when the stream comes back, the source reconnects, ticks resume and orders are taken', async () => {
    await waitFor(() => exchange.openClients.length === 1, 'the source to reconnect');
    exchange.trade('BTCUSDT', '67280.00');
    await stepUntilPrice('BTCUSDT', '67280.00');

    const feed = setInterval(() => exchange.trade('BTCUSDT', '67280.00'), 200);
    // The entry tick comes once the order is accepted (markets.test-support.ts).
    market.recordEntries();
    try {
      const user = await walletUser(t);
      await fund(t, user, '100', finance);
      const order = await post(
        '/api/order/create',
        { symbol: 'BTCUSDT', direction: 'up', amount: '10', period: 30 },
        user.token,
      );
      expect(order.code).toBe(0);
      // Answered at acceptance; the entry tick follows (order/detail then shows it).
      expect(order.data).toMatchObject({ source: 'live', entry: null });
      let detail = order;
      await waitUntil(async () => {
        detail = await post('/api/order/detail', { id: order.data.id }, user.token);
        return detail.data.entry !== null;
      }, 'the entry tick');
      expect(detail.data).toMatchObject({ source: 'live', entry: { price: '67280.00' } });
    } finally {
      clearInterval(feed);
      await market.pauseEntries();
    }
  });
});

test('a connection that stays silent is dropped and opened again', async () => {
  const exchange = await FakeExchange.start();
  const source = new TradeStreamSource({
    url: `ws://127.0.0.1:${exchange.port}/ws/btcusdt@trade`,
    symbols: ['BTCUSDT'],
    log: quiet,
    reconnectDelayMinMs: 20,
    idleTimeoutMs: 200,
  });
  try {
    source.start();
    await waitFor(() => exchange.paths.length >= 2, 'a second connection');
    expect(exchange.paths[0]).toBe('/ws/btcusdt@trade');
  } finally {
    await source.stop();
    await exchange.stop();
  }
});
