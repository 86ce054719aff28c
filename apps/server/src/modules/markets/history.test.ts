import { KLINE_INTERVALS } from '@app/contract/markets';
import { expect, test } from 'vitest';
import { aggregate } from './candles.js';
import { generateHistory } from './history.js';
import { PRICE_SCALE } from './prices.js';

const input = {
  symbol: 'BTCUSDT',
  startPrice: 67_250n * PRICE_SCALE,
  precision: 2,
  volatility: 0.65,
  seed: 'test',
  now: 1_795_000_000,
  count: 300,
};

test('every interval gets at least 300 candles, ordered and well formed, ending before now', () => {
  const { candles } = generateHistory(input);
  for (const interval of KLINE_INTERVALS) {
    const list = candles.get(interval)!;
    expect(list.length, interval).toBeGreaterThanOrEqual(300);
    for (let i = 0; i < list.length; i++) {
      const c = list[i]!;
      expect(c.high >= c.open && c.high >= c.close && c.low <= c.open && c.low <= c.close, interval).toBe(true);
      if (i > 0) expect(c.time).toBeGreaterThan(list[i - 1]!.time);
    }
    expect(list[list.length - 1]!.time).toBeLessThan(input.now);
  }
});

test('overlapping intervals agree: the hourly candles are the aggregation of the minute ones', () => {
  const { candles } = generateHistory(input);
  const minutes = candles.get('1m')!;
  const fromMinutes = aggregate(minutes, '1h');
  const hours = candles.get('1h')!;
  // The hours fully covered by minute candles must match exactly.
  for (const h of fromMinutes.slice(1, -1)) {
    const same = hours.find((x) => x.time === h.time)!;
    expect(same.high).toBe(h.high);
    expect(same.low).toBe(h.low);
    expect(same.close).toBe(h.close);
  }
});

test('the same seed gives the same history; another seed does not', () => {
  const a = generateHistory(input).candles.get('1m')!;
  const b = generateHistory(input).candles.get('1m')!;
  const c = generateHistory({ ...input, seed: 'other' }).candles.get('1m')!;
  expect(a).toEqual(b);
  expect(a).not.toEqual(c);
});

test('history ends at the catalogue price, so today’s quote stays realistic', () => {
  const { candles, lastClose } = generateHistory(input);
  expect(lastClose).toBe(input.startPrice);
  const minutes = candles.get('1m')!;
  expect(minutes[minutes.length - 1]!.close).toBe(input.startPrice);
});
