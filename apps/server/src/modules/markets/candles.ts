import { INTERVAL_SECONDS, KLINE_INTERVALS, type KlineInterval } from '@app/contract/markets';

/** OHLC candles in scaled prices; `time` is the open in Unix seconds, aligned to the interval (UTC). */
export interface CandleValue {
  time: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
}

export function bucketStart(timeSeconds: number, interval: KlineInterval): number {
  const size = INTERVAL_SECONDS[interval];
  return Math.floor(timeSeconds / size) * size;
}

/** Folds a price into the candle it belongs to, opening a new one when the bucket changes. */
export function applyTick(
  current: CandleValue | undefined,
  interval: KlineInterval,
  timeSeconds: number,
  price: bigint,
  volume: bigint,
): CandleValue {
  const time = bucketStart(timeSeconds, interval);
  if (!current || current.time !== time) return { time, open: price, high: price, low: price, close: price, volume };
  return {
    time,
    open: current.open,
    high: price > current.high ? price : current.high,
    low: price < current.low ? price : current.low,
    close: price,
    volume: current.volume + volume,
  };
}

/** Merges time-ordered candles into buckets of `interval` (the inputs must not be wider than it). */
export function aggregate(input: readonly CandleValue[], interval: KlineInterval): CandleValue[] {
  const out: CandleValue[] = [];
  for (const c of input) {
    const time = bucketStart(c.time, interval);
    const last = out[out.length - 1];
    if (last && last.time === time) {
      if (c.high > last.high) last.high = c.high;
      if (c.low < last.low) last.low = c.low;
      last.close = c.close;
      last.volume += c.volume;
    } else {
      out.push({ ...c, time });
    }
  }
  return out;
}

export const INTERVALS = KLINE_INTERVALS;
