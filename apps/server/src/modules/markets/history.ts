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
  let price = scaledToNumber(input.startPrice);
  const base: Array<{ interval: KlineInterval; candle: CandleValue }> = [];
  for (const region of regions) {
    const size = INTERVAL_SECONDS[region.interval];
    for (let t = region.from; t < region.to; t += size) {
      const open = toScaledPrice(price, input.precision);
      let high = open;
      let low = open;
      for (let i = 0; i < SUB_STEPS; i++) {
        price = gbmStep(price, input.volatility, size / SUB_STEPS, gaussian(random));
        const p = toScaledPrice(price, input.precision);
        if (p > high) high = p;
        if (p < low) low = p;
      }
      const close = toScaledPrice(price, input.precision);
      const volume = BigInt(Math.round((0.5 + random()) * 1000 * (size / 60)));
      base.push({ interval: region.interval, candle: { time: t, open, high, low, close, volume } });
    }
  }
  const candles = new Map<KlineInterval, CandleValue[]>();
  for (const interval of REGION_ORDER) {
    const size = INTERVAL_SECONDS[interval];
    const usable = base.filter((b) => INTERVAL_SECONDS[b.interval] <= size).map((b) => b.candle);
    candles.set(interval, aggregate(usable, interval));
  }
  return { candles, lastClose: toScaledPrice(price, input.precision) };
}
