import { INTERVAL_SECONDS, type KlineInterval } from '@app/contract/markets';
import { aggregate, bucketStart, type CandleValue } from './candles.js';
import { scaledToNumber, toScaledPrice } from './prices.js';
import { gaussian, gbmStep, seededRandom } from './simulated-source.js';

/**
 * Synthetic history for a new platform, so every chart interval has at least `count` candles from
 * the first start (DESIGN.md 6.4). The walk is generated from the oldest region forward, with
 * coarse steps far back and fine steps near now: region k holds `count` candles of the k-th
 * interval, finest last. An interval's candles are the aggregation of every region no wider than
 * it, so overlapping intervals always agree.
 */
const REGION_ORDER: KlineInterval[] = ['1d', '4h', '1h', '30m', '15m', '5m', '1m'];
const SUB_STEPS = 4;

export interface HistoryInput {
  symbol: string;
  /** The price the history ends at (the name is the catalogue's: a new platform starts trading there). */
  startPrice: bigint;
  precision: number;
  volatility: number;
  seed: string;
  /** Unix seconds; history ends at the minute before. */
  now: number;
  count: number;
}

export function generateHistory(input: HistoryInput): {
  candles: Map<KlineInterval, CandleValue[]>;
  lastClose: bigint;
} {
  const random = seededRandom(`${input.seed}:${input.symbol}:history`);
  const end = bucketStart(input.now, '1m');
  // Region boundaries, newest first: the 1m region is the last `count` minutes, and so on back.
  const regions: Array<{ interval: KlineInterval; from: number; to: number }> = [];
  let to = end;
  for (const interval of [...REGION_ORDER].reverse()) {
    const size = INTERVAL_SECONDS[interval];
    const alignedTo = Math.floor(to / size) * size;
    const from = alignedTo - input.count * size;
    regions.unshift({ interval, from, to });
    to = from;
  }
  // Walk in floating point first, then scale the whole path so it ends at the catalogue price:
  // a GBM path times a constant is still a GBM path, and today's price stays realistic.
  let price = 1;
  const raw: Array<{
    interval: KlineInterval;
    time: number;
    open: number;
    high: number;
    low: number;
    close: number;
    volume: bigint;
  }> = [];
  for (const region of regions) {
    const size = INTERVAL_SECONDS[region.interval];
    for (let t = region.from; t < region.to; t += size) {
      const open = price;
      let high = open;
      let low = open;
      for (let i = 0; i < SUB_STEPS; i++) {
        price = gbmStep(price, input.volatility, size / SUB_STEPS, gaussian(random));
        if (price > high) high = price;
        if (price < low) low = price;
      }
      const volume = BigInt(Math.round((0.5 + random()) * 1000 * (size / 60)));
      raw.push({ interval: region.interval, time: t, open, high, low, close: price, volume });
    }
  }
  const scale = scaledToNumber(input.startPrice) / price;
  const toPrice = (value: number) => toScaledPrice(value * scale, input.precision);
  const base = raw.map((r) => ({
    interval: r.interval,
    candle: {
      time: r.time,
      open: toPrice(r.open),
      high: toPrice(r.high),
      low: toPrice(r.low),
      close: toPrice(r.close),
      volume: r.volume,
    },
  }));
  const candles = new Map<KlineInterval, CandleValue[]>();
  for (const interval of REGION_ORDER) {
    const size = INTERVAL_SECONDS[interval];
    const usable = base.filter((b) => INTERVAL_SECONDS[b.interval] <= size).map((b) => b.candle);
    candles.set(interval, aggregate(usable, interval));
  }
  return { candles, lastClose: toPrice(price) };
}
