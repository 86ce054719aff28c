import {
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  type LineWidth,
  type SeriesType,
  type UTCTimestamp,
} from 'lightweight-charts';
import { formatPrice } from '../../../lib/price';
import { type ChartSettings, MACD_PERIODS, RSI_PERIOD } from './chart-settings';
import { bollinger, ema, macd, rsi, type Series, sma } from './indicators';

/**
 * The indicator series drawn on a chart for one choice of indicators: the overlays (MA, EMA,
 * Bollinger) on the price pane, RSI and MACD each in a pane below. Built again when the choice
 * changes; on a tick only the last point of each line is computed and drawn again.
 */

/** Line colours, each at least 4.5:1 on the chart's background (--surface of the dark theme, #141a29). */
export const INDICATOR_COLOURS = {
  ma: '#f0b90b',
  ema: '#d58cff',
  boll: '#5ec4ff',
  bollMiddle: '#8fb3ff',
  rsi: '#f0b90b',
  macd: '#5ec4ff',
  signal: '#f0b90b',
} as const;

type Bar = { time: UTCTimestamp; close: number };
type Line = { series: ISeriesApi<SeriesType>; values: (bars: readonly number[]) => Series; histogram?: boolean };

/** Histogram bars of the MACD: translucent rise / fall (context, not the reading). */
export interface HistogramColours {
  rise: string;
  fall: string;
}

export interface IndicatorLayer {
  setData(bars: readonly Bar[]): void;
  /** Draws the last bar's values again (a tick moved its close or opened a new bar). */
  updateLast(bars: readonly Bar[]): void;
  remove(): void;
}

const closesOf = (bars: readonly Bar[]) => bars.map((bar) => bar.close);

/** Values below the price (RSI, MACD, which can be negative) in the user's language, with `places` decimals. */
function localFormat(places: number) {
  return {
    type: 'custom' as const,
    minMove: 1 / 10 ** places,
    formatter: (value: number) => formatPrice(value.toFixed(places), places),
  };
}

export function createIndicatorLayer(
  chart: IChartApi,
  settings: ChartSettings,
  precision: number,
  histogramColours: HistogramColours,
): IndicatorLayer {
  const lines: Line[] = [];
  const priceFormat = { type: 'price' as const, precision, minMove: 1 / 10 ** precision };
  const quiet = { lastValueVisible: false, priceLineVisible: false, crosshairMarkerVisible: false };
  const addLine = (
    colour: string,
    values: Line['values'],
    pane: number,
    format: object = priceFormat,
    width: LineWidth = 1,
  ) => {
    const series = chart.addSeries(
      LineSeries,
      { color: colour, lineWidth: width, priceFormat: format, ...quiet },
      pane,
    );
    lines.push({ series, values });
    return series;
  };

  if (settings.ma.on) addLine(INDICATOR_COLOURS.ma, (c) => sma(c, settings.ma.period), 0);
  if (settings.ema.on) addLine(INDICATOR_COLOURS.ema, (c) => ema(c, settings.ema.period), 0);
  if (settings.boll.on) {
    // One computation per draw for the three lines.
    let cache: { closes: readonly number[]; out: ReturnType<typeof bollinger> } | null = null;
    const bands = (closes: readonly number[]) => {
      if (cache?.closes !== closes) cache = { closes, out: bollinger(closes, settings.boll.period, settings.boll.k) };
      return cache.out;
    };
    addLine(INDICATOR_COLOURS.boll, (c) => bands(c).map((p) => p?.upper ?? null), 0);
    addLine(INDICATOR_COLOURS.bollMiddle, (c) => bands(c).map((p) => p?.middle ?? null), 0);
    addLine(INDICATOR_COLOURS.boll, (c) => bands(c).map((p) => p?.lower ?? null), 0);
  }
  let pane = 1;
  if (settings.rsi) {
    const series = addLine(INDICATOR_COLOURS.rsi, (c) => rsi(c, RSI_PERIOD), pane, localFormat(2));
    // 0 to 100 always: the 30 and 70 lines keep their place as the values move.
    series.applyOptions({ autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }) });
    for (const price of [70, 30]) {
      // Dashed guides without labels of their own: in a small pane they would cover the scale's.
      series.createPriceLine({ price, color: '#8b95aa', lineWidth: 1, lineStyle: 2, axisLabelVisible: false });
    }
    pane += 1;
  }
  if (settings.macd) {
    let cache: { closes: readonly number[]; out: ReturnType<typeof macd> } | null = null;
    const lineOf = (closes: readonly number[]) => {
      if (cache?.closes !== closes)
        cache = { closes, out: macd(closes, MACD_PERIODS.fast, MACD_PERIODS.slow, MACD_PERIODS.signal) };
      return cache.out;
    };
    const macdFormat = localFormat(precision + 2);
    const histogram = chart.addSeries(HistogramSeries, { priceFormat: macdFormat, ...quiet }, pane);
    lines.push({ series: histogram, values: (c) => lineOf(c).map((p) => p?.histogram ?? null), histogram: true });
    addLine(INDICATOR_COLOURS.macd, (c) => lineOf(c).map((p) => p?.macd ?? null), pane, macdFormat);
    addLine(INDICATOR_COLOURS.signal, (c) => lineOf(c).map((p) => p?.signal ?? null), pane, macdFormat);
    pane += 1;
  }
  // The price pane keeps most of the height; each pane below takes a share (with two, a larger one).
  const panes = chart.panes();
  panes[0]?.setStretchFactor(panes.length > 2 ? 2 : 3);
  for (const below of panes.slice(1)) below.setStretchFactor(1);

  const point = (line: Line, time: UTCTimestamp, value: number) =>
    line.histogram
      ? { time, value, color: value >= 0 ? histogramColours.rise : histogramColours.fall }
      : { time, value };

  return {
    setData(bars) {
      const closes = closesOf(bars);
      for (const line of lines) {
        const values = line.values(closes);
        const data = [];
        for (let i = 0; i < bars.length; i += 1) {
          const value = values[i];
          if (value !== null && value !== undefined) data.push(point(line, (bars[i] as Bar).time, value));
        }
        line.series.setData(data);
      }
    },
    updateLast(bars) {
      const last = bars.at(-1);
      if (!last) return;
      const closes = closesOf(bars);
      for (const line of lines) {
        const value = line.values(closes).at(-1);
        if (value !== null && value !== undefined) line.series.update(point(line, last.time, value));
      }
    },
    remove() {
      for (const line of lines) chart.removeSeries(line.series);
      lines.length = 0;
      for (let index = chart.panes().length - 1; index >= 1; index -= 1) chart.removePane(index);
    },
  };
}
