import { describe, expect, it } from 'vitest';
import { bollinger, changePercent, ema, macd, rsi, sma } from './indicators';

/** Each value within half a cent (and a hair for binary sums at a half) of the published two-place figure. */
function expectPublished(
  values: readonly (number | null | undefined)[],
  published: readonly number[],
  tolerance = 0.0051,
) {
  expect(values).toHaveLength(published.length);
  values.forEach((value, i) => {
    expect(Math.abs((value ?? Number.NaN) - (published[i] as number)), `#${i + 1}: ${value}`).toBeLessThan(tolerance);
  });
}

// StockCharts ChartSchool, "Moving Averages - Simple and Exponential", the worked 10-day SMA and EMA
// spreadsheet (cs-movavg.xls): 30 closes and the published columns, rounded to two places.
// https://chartschool.stockcharts.com/table-of-contents/technical-indicators-and-overlays/technical-overlays/moving-averages-simple-and-exponential
// The sheet's closes carry four places (it prints two).
const MOVAVG_CLOSES = [
  22.2734, 22.194, 22.0847, 22.1741, 22.184, 22.1344, 22.2337, 22.4323, 22.2436, 22.2933, 22.1542, 22.3926, 22.3816,
  22.6109, 23.3558, 24.0519, 23.753, 23.8324, 23.9516, 23.6338, 23.8225, 23.8722, 23.6537, 23.187, 23.0976, 23.326,
  22.6805, 23.0976, 22.4025, 22.1725,
];
const STOCKCHARTS_SMA10 = [
  22.22, 22.21, 22.23, 22.26, 22.31, 22.42, 22.61, 22.77, 22.91, 23.08, 23.21, 23.38, 23.53, 23.65, 23.71, 23.69, 23.61,
  23.51, 23.43, 23.28, 23.13,
];
const STOCKCHARTS_EMA10 = [
  22.22, 22.21, 22.24, 22.27, 22.33, 22.52, 22.8, 22.97, 23.13, 23.28, 23.34, 23.43, 23.51, 23.54, 23.47, 23.4, 23.39,
  23.26, 23.23, 23.08, 22.92,
];

// StockCharts ChartSchool, "Bollinger Bands", the worked 20-day, 2 standard deviation spreadsheet
// (cs-bollinger.xls): 42 closes and the published middle, upper and lower bands.
// https://chartschool.stockcharts.com/table-of-contents/technical-indicators-and-overlays/technical-overlays/bollinger-bands
const BOLLINGER_CLOSES = [
  86.16, 89.09, 88.78, 90.32, 89.07, 91.15, 89.44, 89.18, 86.93, 87.68, 86.96, 89.43, 89.32, 88.72, 87.45, 87.26, 89.5,
  87.9, 89.13, 90.7, 92.9, 92.98, 91.8, 92.66, 92.68, 92.3, 92.77, 92.54, 92.95, 93.2, 91.07, 89.83, 89.74, 90.4, 90.74,
  88.02, 88.09, 88.84, 90.78, 90.54, 91.39, 90.65,
];
const STOCKCHARTS_MIDDLE = [
  88.71, 89.05, 89.24, 89.39, 89.51, 89.69, 89.75, 89.91, 90.08, 90.38, 90.66, 90.86, 90.88, 90.9, 90.99, 91.15, 91.19,
  91.12, 91.17, 91.25, 91.24, 91.17, 91.05,
];
const STOCKCHARTS_UPPER = [
  91.29, 91.95, 92.61, 92.93, 93.31, 93.73, 93.9, 94.26, 94.56, 94.79, 95.04, 94.91, 94.9, 94.89, 94.86, 94.67, 94.55,
  94.68, 94.57, 94.53, 94.53, 94.37, 94.15,
];
const STOCKCHARTS_LOWER = [
  86.12, 86.14, 85.87, 85.85, 85.7, 85.65, 85.59, 85.56, 85.6, 85.98, 86.27, 86.82, 86.87, 86.91, 87.12, 87.63, 87.83,
  87.56, 87.76, 87.97, 87.95, 87.96, 87.95,
];

// StockCharts ChartSchool, "Relative Strength Index (RSI)", the worked 14-day spreadsheet (cs-rsi.xls).
// https://chartschool.stockcharts.com/table-of-contents/technical-indicators-and-overlays/technical-indicators/relative-strength-index-rsi
// The published column (70.53, 66.32, …) is worked from averages rounded to two places on the sheet;
// with exact averages each value is 0.03 to 0.08 lower (70.46, 66.25, …), so the check allows 0.1.
const RSI_CLOSES = [
  44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28, 46.0, 46.03,
  46.41, 46.22, 45.64, 46.21, 46.25, 45.71, 46.45, 45.78, 45.35, 44.03, 44.18, 44.22, 44.57, 43.42, 42.66, 43.13,
];
const STOCKCHARTS_RSI14 = [
  70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46, 41.87, 45.46, 37.3,
  33.08, 37.77,
];

// MACD(12, 26, 9) worked in a spreadsheet by StockCharts' method (EMAs seeded with the SMA) in
// "How to Calculate MACD in Excel", investexcel.net (Samir Khan), on 40 daily closes of AAPL
// (2013): the MACD line from the 26th close, the signal line from the 34th.
// https://investexcel.net/how-to-calculate-macd-in-excel/
const MACD_CLOSES = [
  459.99, 448.85, 446.06, 450.81, 442.8, 448.97, 444.57, 441.4, 430.47, 420.05, 431.14, 425.66, 430.58, 431.72, 437.87,
  428.43, 428.35, 432.5, 443.66, 455.72, 454.49, 452.08, 452.73, 461.91, 463.58, 461.14, 452.08, 442.66, 428.91, 429.79,
  431.99, 427.72, 423.2, 426.21, 426.98, 435.69, 434.33, 429.8, 419.85, 426.24,
];

describe('sma', () => {
  it("matches StockCharts' worked 10-day SMA", () => {
    const out = sma(MOVAVG_CLOSES, 10);
    expect(out.slice(0, 9)).toEqual(new Array(9).fill(null));
    expectPublished(out.slice(9), STOCKCHARTS_SMA10);
  });

  it('is the mean of the last n values', () => {
    expect(sma([1, 2, 3, 4], 3)).toEqual([null, null, 2, 3]);
    expect(sma([5], 1)).toEqual([5]);
    expect(() => sma([1], 0)).toThrow(RangeError);
  });
});

describe('ema', () => {
  it("matches StockCharts' worked 10-day EMA (seeded with the SMA)", () => {
    const out = ema(MOVAVG_CLOSES, 10);
    expect(out.slice(0, 9)).toEqual(new Array(9).fill(null));
    expect(out[9]).toBeCloseTo(22.22475, 10);
    expect(out[29]).toBeCloseTo(22.91556023, 7);
    expectPublished(out.slice(9), STOCKCHARTS_EMA10);
  });

  it('is empty of values while the period has not filled', () => {
    expect(ema([1, 2], 3)).toEqual([null, null]);
  });
});

describe('bollinger', () => {
  it("matches StockCharts' worked 20-day, 2 deviation bands (population deviation)", () => {
    const out = bollinger(BOLLINGER_CLOSES, 20, 2);
    expect(out.slice(0, 19)).toEqual(new Array(19).fill(null));
    const bands = out.slice(19);
    expectPublished(
      bands.map((point) => point?.middle),
      STOCKCHARTS_MIDDLE,
    );
    // The sheet works the bands from its printed (rounded) deviation: within a cent.
    expectPublished(
      bands.map((point) => point?.upper),
      STOCKCHARTS_UPPER,
      0.01,
    );
    expectPublished(
      bands.map((point) => point?.lower),
      STOCKCHARTS_LOWER,
      0.01,
    );
  });

  it('scales the width with k and closes it on a flat series', () => {
    const one = bollinger(BOLLINGER_CLOSES, 20, 1)[19];
    const two = bollinger(BOLLINGER_CLOSES, 20, 2)[19];
    expect((two?.upper ?? 0) - (two?.middle ?? 0)).toBeCloseTo(2 * ((one?.upper ?? 0) - (one?.middle ?? 0)), 10);
    expect(bollinger([3, 3, 3], 3, 2)[2]).toEqual({ middle: 3, upper: 3, lower: 3 });
  });
});

describe('rsi', () => {
  it("matches StockCharts' worked 14-day RSI (Wilder's smoothing)", () => {
    const out = rsi(RSI_CLOSES, 14);
    expect(out.slice(0, 14)).toEqual(new Array(14).fill(null));
    const values = out.slice(14);
    expect(values).toHaveLength(STOCKCHARTS_RSI14.length);
    values.forEach((value, i) => {
      expect(Math.abs((value ?? Number.NaN) - (STOCKCHARTS_RSI14[i] as number)), `RSI #${i + 1}`).toBeLessThan(0.1);
    });
    // With exact averages.
    expect(values[0]).toBeCloseTo(70.4641, 4);
  });

  it('is 100 without losses, 0 without gains, 50 when flat', () => {
    expect(rsi([1, 2, 3, 4], 3)[3]).toBe(100);
    expect(rsi([4, 3, 2, 1], 3)[3]).toBe(0);
    expect(rsi([2, 2, 2, 2], 3)[3]).toBe(50);
  });
});

describe('macd', () => {
  it("matches the published MACD(12, 26, 9) spreadsheet on AAPL's closes", () => {
    const out = macd(MACD_CLOSES, 12, 26, 9);
    expect(out.slice(0, 25)).toEqual(new Array(25).fill(null));
    expect(out[25]?.macd).toBeCloseTo(8.275269503907623, 8);
    expect(out[31]?.macd).toBeCloseTo(0.10298149119910249, 8);
    expect(out[32]?.signal).toBeNull();
    expect(out[33]?.signal).toBeCloseTo(3.037525868733945, 8);
    expect(out[39]?.signal).toBeCloseTo(-1.338100412582993, 8);
    expect(out[39]?.histogram).toBeCloseTo((out[39]?.macd ?? 0) - (out[39]?.signal ?? 0), 12);
  });

  it('has no line before the slow period fills', () => {
    expect(macd([1, 2, 3], 2, 5, 2)).toEqual([null, null, null]);
  });
});

describe('changePercent', () => {
  it('is the change against the base in percent', () => {
    expect(changePercent(110, 100)).toBeCloseTo(10, 10);
    expect(changePercent(90, 100)).toBeCloseTo(-10, 10);
    expect(changePercent(1, 0)).toBeNull();
    expect(changePercent(1, null)).toBeNull();
  });
});
