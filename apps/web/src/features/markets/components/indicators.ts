/**
 * The chart's indicators, computed from the candles' closes on the client. Pure functions: each
 * returns one value per input close, `null` where the period has not yet filled (the chart leaves
 * those bars without a point). Definitions as StockCharts ChartSchool gives them (the tests check
 * its worked examples):
 * - SMA(n): the mean of the last n closes.
 * - EMA(n): seeded with the SMA of the first n closes, then EMA = (close − EMA′) × 2/(n+1) + EMA′.
 * - Bollinger(n, k): the SMA(n) ± k population standard deviations of the same n closes.
 * - RSI(n), Wilder's: the first average gain and loss are the plain means of the first n changes,
 *   then avg = (avg′ × (n−1) + current) / n; RSI = 100 − 100 / (1 + gain/loss) (100 with no loss).
 * - MACD(fast, slow, signal): EMA(fast) − EMA(slow); the signal line is the EMA(signal) of the MACD
 *   line (seeded with the SMA of its first `signal` values); the histogram is MACD − signal.
 */

export type Series = (number | null)[];

function assertPeriod(period: number): void {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`period must be a positive integer: ${period}`);
}

export function sma(values: readonly number[], period: number): Series {
  assertPeriod(period);
  const out: Series = new Array(values.length).fill(null);
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) {
    sum += values[i] as number;
    if (i >= period) sum -= values[i - period] as number;
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

/** The EMA of the values from `start` on (earlier ones are null, as the MACD's signal line needs). */
function emaFrom(values: readonly (number | null)[], period: number, start: number): Series {
  assertPeriod(period);
  const out: Series = new Array(values.length).fill(null);
  const seedEnd = start + period - 1;
  if (seedEnd >= values.length) return out;
  let sum = 0;
  for (let i = start; i <= seedEnd; i += 1) sum += values[i] as number;
  let previous = sum / period;
  out[seedEnd] = previous;
  const k = 2 / (period + 1);
  for (let i = seedEnd + 1; i < values.length; i += 1) {
    previous = ((values[i] as number) - previous) * k + previous;
    out[i] = previous;
  }
  return out;
}

export function ema(values: readonly number[], period: number): Series {
  return emaFrom(values, period, 0);
}

export interface BollingerPoint {
  middle: number;
  upper: number;
  lower: number;
}

export function bollinger(values: readonly number[], period: number, k: number): (BollingerPoint | null)[] {
  const middle = sma(values, period);
  return middle.map((mean, i) => {
    if (mean === null) return null;
    let squares = 0;
    for (let j = i - period + 1; j <= i; j += 1) squares += ((values[j] as number) - mean) ** 2;
    const deviation = Math.sqrt(squares / period);
    return { middle: mean, upper: mean + k * deviation, lower: mean - k * deviation };
  });
}

export function rsi(values: readonly number[], period = 14): Series {
  assertPeriod(period);
  const out: Series = new Array(values.length).fill(null);
  if (values.length <= period) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i += 1) {
    const change = (values[i] as number) - (values[i - 1] as number);
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= period;
  loss /= period;
  const value = () => (loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss));
  out[period] = value();
  for (let i = period + 1; i < values.length; i += 1) {
    const change = (values[i] as number) - (values[i - 1] as number);
    gain = (gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period;
    out[i] = value();
  }
  return out;
}

export interface MacdPoint {
  macd: number;
  /** Null until the signal line's period has filled. */
  signal: number | null;
  histogram: number | null;
}

export function macd(values: readonly number[], fast = 12, slow = 26, signal = 9): (MacdPoint | null)[] {
  const fastLine = ema(values, fast);
  const slowLine = ema(values, slow);
  const line: Series = values.map((_, i) => {
    const f = fastLine[i];
    const s = slowLine[i];
    return f === null || f === undefined || s === null || s === undefined ? null : f - s;
  });
  const first = line.findIndex((value) => value !== null);
  const signalLine = first < 0 ? line.map(() => null) : emaFrom(line, signal, first);
  return line.map((value, i) => {
    if (value === null) return null;
    const s = signalLine[i] ?? null;
    return { macd: value, signal: s, histogram: s === null ? null : value - s };
  });
}

/** Change of `close` against `previous` in percent (null without a usable previous close). */
export function changePercent(close: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || previous === 0 || !Number.isFinite(previous)) return null;
  return ((close - previous) / previous) * 100;
}
