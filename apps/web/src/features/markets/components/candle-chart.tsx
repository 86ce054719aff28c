import type { Lang } from '@app/contract/lang';
import { type Candle, INTERVAL_SECONDS, type KlineInterval } from '@app/contract/markets';
import {
  type CandlestickData,
  CandlestickSeries,
  createChart,
  type HistogramData,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type LogicalRange,
  type TickMarkType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatPrice } from '../../../lib/price';
import { type CandleEvent, useCandleEvents } from '../../../lib/realtime';
import { useRiseColor } from '../../../lib/rise-colors';
import { zoneName } from '../../../lib/time';
import { getCandles } from '../api/get-candles';
import { crosshairTimeLabel, deviceZoneShiftSeconds, tickMarkLabel } from './chart-time';

/**
 * Rise and fall as the theme defines them (`--up`, `--down` in global.css), read when a chart is
 * drawn: a canvas cannot use CSS variables, and the colours must follow any swap of the two.
 */
export function riseFallColours(): { up: string; down: string } {
  const style = getComputedStyle(document.documentElement);
  return {
    up: style.getPropertyValue('--up').trim() || 'green',
    down: style.getPropertyValue('--down').trim() || 'red',
  };
}

/** `#rrggbb` with an opacity, as `rgba()` (other colour forms are returned as they are). */
function withAlpha(colour: string, alpha: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!match) return colour;
  const [r, g, b] = match.slice(1).map((part) => Number.parseInt(part, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
/** Load older candles when fewer than this many bars are left of the visible range. */
const LOAD_MORE_MARGIN_BARS = 20;

export function supportsCanvas(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return typeof canvas.getContext === 'function' && canvas.getContext('2d') !== null;
  } catch {
    return false;
  }
}

interface CandleChartProps {
  symbol: string;
  interval: KlineInterval;
  precision: number;
  /** The newest price (pushed or polled): it moves the last candle between candle updates. */
  lastTick: { time: string; price: string } | null;
}

type RiseFall = { rise: string; fall: string };

interface ChartState {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volumes: ISeriesApi<'Histogram'>;
  bars: CandlestickData<UTCTimestamp>[];
  volumeBars: HistogramData<UTCTimestamp>[];
  isLoadingMore: boolean;
  hasMore: boolean;
  colors: RiseFall;
  /** Seconds added to every bar time so the chart's day marks fall at the device's midnight (chart-time.ts). */
  shift: number;
}

function toBar(candle: Candle, shift: number): CandlestickData<UTCTimestamp> {
  return {
    time: (candle.time + shift) as UTCTimestamp,
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
  };
}

function toVolume(candle: Candle, shift: number, colors: RiseFall): HistogramData<UTCTimestamp> {
  const isUp = Number(candle.close) >= Number(candle.open);
  return {
    time: (candle.time + shift) as UTCTimestamp,
    value: Number(candle.volume),
    // Translucent: volume is context, the candles are the reading.
    color: withAlpha(isUp ? colors.rise : colors.fall, 0.45),
  };
}

/** Candlesticks with volume; scrolling left loads older candles (`before`); live updates. */
export function CandleChart(props: CandleChartProps) {
  const { t } = useTranslation();
  const [canDraw] = useState(supportsCanvas);
  if (!canDraw) {
    return (
      <div className="chart chart--fallback" role="img" aria-label={t('markets.chart', { symbol: props.symbol })}>
        <p>{t('errors.canvasUnsupported')}</p>
      </div>
    );
  }
  return <LiveChart {...props} />;
}

function LiveChart({ symbol, interval, precision, lastTick }: CandleChartProps) {
  const { t, i18n } = useTranslation();
  // The axis writes numbers in the user's language: a new language draws the chart again.
  const lang = i18n.language as Lang;
  // Green up or red up (the user's choice): a change draws the chart again in the new colours.
  const riseColor = useRiseColor();
  const containerRef = useRef<HTMLDivElement>(null);
  const stateRef = useRef<ChartState | null>(null);
  const [loadState, setLoadState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-creates the chart on retry, `lang` on a language change, `riseColor` on a colour change.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const controller = new AbortController();
    const shift = deviceZoneShiftSeconds();
    // The theme's colours, read when the chart is drawn (a change of `riseColor` draws it again).
    const { up: rise, down: fall } = riseFallColours();
    const colors = { rise, fall };
    const chart = createChart(container, {
      autoSize: true,
      layout: { background: { color: 'transparent' }, textColor: '#a3adc2', attributionLogo: false },
      grid: { vertLines: { color: 'rgba(37, 46, 66, 0.6)' }, horzLines: { color: 'rgba(37, 46, 66, 0.6)' } },
      rightPriceScale: { borderColor: '#252e42' },
      timeScale: {
        borderColor: '#252e42',
        timeVisible: interval !== '1d',
        // No blank space left of the oldest candle: reaching it loads older ones instead.
        fixLeftEdge: true,
        tickMarkFormatter: (time: Time, type: TickMarkType) => tickMarkLabel(Number(time), type, lang),
      },
      localization: {
        timeFormatter: (time: Time) => crosshairTimeLabel(Number(time), shift, lang),
        // The axis and the crosshair label write prices as the rest of the app does, in the user's language.
        priceFormatter: (price: number) => formatPrice(price.toFixed(precision), precision),
      },
      crosshair: { mode: 0 },
    });
    const minMove = 1 / 10 ** precision;
    const candles = chart.addSeries(CandlestickSeries, {
      upColor: colors.rise,
      downColor: colors.fall,
      borderUpColor: colors.rise,
      borderDownColor: colors.fall,
      wickUpColor: colors.rise,
      wickDownColor: colors.fall,
      priceFormat: { type: 'price', precision, minMove },
    });
    const volumes = chart.addSeries(HistogramSeries, {
      priceScaleId: '',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    volumes.priceScale().applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
    candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.22 } });
    const state: ChartState = {
      chart,
      candles,
      volumes,
      bars: [],
      volumeBars: [],
      isLoadingMore: false,
      hasMore: true,
      shift,
      colors,
    };
    stateRef.current = state;
    setLoadState('loading');

    const loadOlder = async (range: LogicalRange | null) => {
      if (!range || range.from > LOAD_MORE_MARGIN_BARS || state.isLoadingMore || !state.hasMore) return;
      const first = state.bars[0];
      if (!first) return;
      state.isLoadingMore = true;
      try {
        const older = await getCandles({ symbol, interval, before: first.time - shift }, controller.signal);
        const fresh = older.filter((candle) => candle.time + shift < first.time);
        state.hasMore = fresh.length > 0;
        if (fresh.length === 0) return;
        const visible = chart.timeScale().getVisibleLogicalRange();
        state.bars = [...fresh.map((candle) => toBar(candle, shift)), ...state.bars];
        state.volumeBars = [...fresh.map((candle) => toVolume(candle, shift, colors)), ...state.volumeBars];
        candles.setData(state.bars);
        volumes.setData(state.volumeBars);
        // Keep the user's view where it was: the logical indexes moved by what was prepended.
        if (visible) {
          chart
            .timeScale()
            .setVisibleLogicalRange({ from: visible.from + fresh.length, to: visible.to + fresh.length });
        }
      } catch {
        // Scrolling left again retries.
      } finally {
        state.isLoadingMore = false;
      }
    };
    const onRange = (range: LogicalRange | null) => void loadOlder(range);

    getCandles({ symbol, interval }, controller.signal)
      .then((list) => {
        state.bars = list.map((candle) => toBar(candle, shift));
        state.volumeBars = list.map((candle) => toVolume(candle, shift, colors));
        candles.setData(state.bars);
        volumes.setData(state.volumeBars);
        chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
        setLoadState('ready');
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoadState('error');
      });

    return () => {
      controller.abort();
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      stateRef.current = null;
      chart.remove();
    };
  }, [symbol, interval, precision, attempt, lang, riseColor]);

  useCandleEvents(symbol, interval, (event: CandleEvent) => {
    const state = stateRef.current;
    if (!state || state.bars.length === 0) return;
    const last = state.bars.at(-1);
    const bar = toBar(event.candle, state.shift);
    if (last && bar.time < last.time) return;
    const volume = toVolume(event.candle, state.shift, state.colors);
    if (last && bar.time === last.time) {
      state.bars[state.bars.length - 1] = bar;
      state.volumeBars[state.volumeBars.length - 1] = volume;
    } else {
      state.bars.push(bar);
      state.volumeBars.push(volume);
    }
    state.candles.update(bar);
    state.volumes.update(volume);
  });

  useEffect(() => {
    const state = stateRef.current;
    if (!state || !lastTick || state.bars.length === 0) return;
    mergeTick(state, lastTick, INTERVAL_SECONDS[interval]);
  }, [lastTick, interval]);

  return (
    <div className="chart" role="img" aria-label={t('markets.chart', { symbol })}>
      <div ref={containerRef} className="chart__canvas" />
      <span className="chart__zone">{zoneName(Date.now(), lang)}</span>
      {loadState === 'loading' && <span className="spinner spinner--dark chart__spinner" role="status" />}
      {loadState === 'error' && (
        <div className="chart__overlay">
          <p>{t('common.loadFailed')}</p>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </button>
        </div>
      )}
    </div>
  );
}

/** A tick moves the last candle's close, high and low, or opens the next candle. */
function mergeTick(state: ChartState, tick: { time: string; price: string }, intervalSeconds: number): void {
  const last = state.bars.at(-1);
  if (!last) return;
  const price = Number(tick.price);
  const seconds = Math.floor(Date.parse(tick.time) / 1000);
  if (!Number.isFinite(price) || !Number.isFinite(seconds)) return;
  const bucket = (seconds - (seconds % intervalSeconds) + state.shift) as UTCTimestamp;
  if (bucket < last.time) return;
  if (bucket === last.time) {
    const bar = { ...last, close: price, high: Math.max(last.high, price), low: Math.min(last.low, price) };
    state.bars[state.bars.length - 1] = bar;
    state.candles.update(bar);
    return;
  }
  const bar = {
    time: bucket,
    open: last.close,
    high: Math.max(last.close, price),
    low: Math.min(last.close, price),
    close: price,
  };
  const volume = { time: bucket, value: 0 };
  state.bars.push(bar);
  state.volumeBars.push(volume);
  state.candles.update(bar);
  state.volumes.update(volume);
}
