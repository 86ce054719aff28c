import { KLINE_INTERVALS } from '@app/contract/markets';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { MarketEngine, type TickEvent } from './engine.js';
import { candles, ticks } from './markets.tables.js';

let t: TestApp;
let engine: MarketEngine;
const quiet = { info: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  engine = new MarketEngine(t.database, 'test-seed', quiet, { events: t.app.events });
  // Back-fills every product's history (its speed is a benchmark's business, not a test's).
  await engine.start();
  await engine.stop(); // the tests drive steps by hand
}, 120_000);
afterAll(async () => t.close());

const post = (url: string, body: unknown) => call(t.app, 'POST', url, body, { lang: 'en' });

describe('products', () => {
  test('five or more in each category, labelled simulated, with trading rules', async () => {
    const r = await post('/api/product/list', {});
    expect(r.code).toBe(0);
    for (const category of ['stock', 'forex', 'crypto', 'metal']) {
      expect(
        r.data.filter((q: { category: string }) => q.category === category).length,
        category,
      ).toBeGreaterThanOrEqual(5);
    }
    const btc = r.data.find((q: { symbol: string }) => q.symbol === 'BTCUSDT');
    expect(btc).toMatchObject({ source: 'simulated', feeRate: '0.01', pricePrecision: 2 });
    expect(btc.periods.map((p: { seconds: number }) => p.seconds)).toEqual([30, 60, 120, 300]);
    expect(btc.periods[0]).toMatchObject({ payoutRate: '0.85', minStake: '10', maxStake: '10000' });
    expect(btc.last).toMatch(/^\d+\.\d{2}$/);
    const forex = await post('/api/product/list', { category: 'forex' });
    expect(forex.data.every((q: { category: string }) => q.category === 'forex')).toBe(true);
  });

  test('unknown products and bad input are clear errors', async () => {
    expect((await post('/api/product/details', { symbol: 'NOPE' })).code).toBe(4201);
    expect((await post('/api/product/details', { symbol: 'bad symbol!' })).status).toBe(400);
    const interval = await post('/api/product/kdata', { symbol: 'BTCUSDT', interval: '2m' });
    expect(interval.data.fields.interval).toBe('Unknown chart interval');
    expect((await post('/api/product/kdata', { symbol: 'BTCUSDT', interval: '1m', limit: 1001 })).status).toBe(400);
  });
});

describe('history and candles', () => {
  test('answers over 1 KB (candles, the product list) are sent compressed to a client that accepts them; small ones are not', async () => {
    const inject = (url: string, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: body as object,
        headers: { 'accept-encoding': 'gzip', 'content-type': 'application/json' },
      });
    const long = await inject('/api/product/kdata', { symbol: 'EURUSD', interval: '1m', limit: 1000 });
    expect(long.statusCode).toBe(200);
    expect(long.headers['content-encoding']).toBe('gzip');
    const short = await inject('/api/product/kdata', { symbol: 'EURUSD', interval: '1m', limit: 1 });
    expect(short.headers['content-encoding']).toBeUndefined();
    const list = await inject('/api/product/list', {});
    expect(list.headers['content-encoding']).toBe('gzip');
    const config = await inject('/api/common/config', {});
    expect(config.headers['content-encoding']).toBeUndefined();
  });

  test('every interval has at least 300 candles from the first start', async () => {
    for (const interval of KLINE_INTERVALS) {
      const r = await post('/api/product/kdata', { symbol: 'EURUSD', interval, limit: 1000 });
      expect(r.data.length, interval).toBeGreaterThanOrEqual(300);
      const times = r.data.map((c: { time: number }) => c.time);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    }
    const paged = await post('/api/product/kdata', { symbol: 'EURUSD', interval: '1h', limit: 10 });
    const before = await post('/api/product/kdata', {
      symbol: 'EURUSD',
      interval: '1h',
      limit: 10,
      before: paged.data[0].time,
    });
    expect(before.data[before.data.length - 1].time).toBeLessThan(paged.data[0].time);
  });

  test('live ticks are recorded and each candle equals the aggregation of its ticks', async () => {
    const events: TickEvent[] = [];
    const listener = (e: TickEvent) => events.push(e);
    t.app.events.on('tick', listener);
    const minute = (Math.floor(Date.now() / 60_000) + 2) * 60; // a minute no history covers
    try {
      for (let s = 0; s < 20; s++) await engine.step(new Date((minute + s) * 1000));
    } finally {
      t.app.events.off('tick', listener);
    }
    expect(events.filter((e) => e.symbol === 'XAUUSD')).toHaveLength(20);
    const recorded = await t.database.db
      .select()
      .from(ticks)
      .where(
        and(
          eq(ticks.symbol, 'XAUUSD'),
          gte(ticks.time, new Date(minute * 1000)),
          lt(ticks.time, new Date((minute + 60) * 1000)),
        ),
      )
      .orderBy(asc(ticks.time));
    expect(recorded).toHaveLength(20);
    const [candle] = await t.database.db
      .select()
      .from(candles)
      .where(and(eq(candles.symbol, 'XAUUSD'), eq(candles.interval, '1m'), eq(candles.openTime, minute)));
    const prices = recorded.map((r) => r.price);
    expect(candle!.open).toBe(prices[0]);
    expect(candle!.close).toBe(prices[prices.length - 1]);
    expect(candle!.high).toBe(prices.reduce((a, b) => (b > a ? b : a)));
    expect(candle!.low).toBe(prices.reduce((a, b) => (b < a ? b : a)));
    const turnover = await post('/api/product/trunover', { symbol: 'XAUUSD' });
    expect(turnover.data.ticks.length).toBeGreaterThanOrEqual(20);
    expect(turnover.data.source).toBe('simulated');
    expect(turnover.data.last).toBe(turnover.data.ticks[turnover.data.ticks.length - 1].price);
  });
});
