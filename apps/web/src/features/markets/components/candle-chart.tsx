import { type Candle, INTERVAL_SECONDS, type KlineInterval } from '@app/contract/markets';
import dayjs from 'dayjs';
import {
  type CandlestickData,
  CandlestickSeries,
  createChart,
  type HistogramData,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type LogicalRange,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/price';
import { type CandleEvent, useCandleEvents } from '../../../lib/realtime';
import { getCandles } from '../api/get-candles';

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

interface ChartState {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volumes: ISeriesApi<'Histogram'>;
  bars: CandlestickData<UTCTimestamp>[];
  volumeBars: HistogramData<UTCTimestamp>[];
  isLoadingMore: boolean;
  hasMore: boolean;
}

function toBar(candle: Candle): CandlestickData<UTCTimestamp> {
  return {
    time: candle.time as UTCTimestamp,
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
  };
}

function toVolume(candle: Candle, { up, down } = riseFallColours()): HistogramData<UTCTimestamp> {
  const isUp = Number(candle.close) >= Number(candle.open);
  return {
    time: candle.time as UTCTimestamp,
    value: Number(candle.volume),
    color: withAlpha(isUp ? up : down, 0.45),
  };
}

const formatTime = (time: Time, pattern: string) => dayjs.unix(Number(time)).format(pattern);

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
  const lang = i18n.language;
  const containerRef = useRef<HTMLDivElement>(null);
  const stateRef = useRef<ChartState | null>(null);
  const [loadState, setLoadState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-creates the chart on retry, `lang` on a language change.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const controller = new AbortController();
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
        tickMarkFormatter: (time: Time) => formatTime(time, interval === '1d' ? 'MM-DD' : 'HH:mm'),
      },
      localization: {
        timeFormatter: (time: Time) => formatTime(time, 'YYYY-MM-DD HH:mm'),
        // The axis and the crosshair label write prices as the rest of the app does, in the user's language.
        priceFormatter: (price: number) => formatPrice(price.toFixed(precision), precision),
      },
      crosshair: { mode: 0 },
    });
    const minMove = 1 / 10 ** precision;
    const colours = riseFallColours();
    const { up: UP, down: DOWN } = colours;
    const candles = chart.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      borderUpColor: UP,
      borderDownColor: DOWN,
      wickUpColor: UP,
      wickDownColor: DOWN,
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
    };
    stateRef.current = state;
    setLoadState('loading');

    const loadOlder = async (range: LogicalRange | null) => {
      if (!range || range.from > LOAD_MORE_MARGIN_BARS || state.isLoadingMore || !state.hasMore) return;
      const first = state.bars[0];
      if (!first) return;
      state.isLoadingMore = true;
      try {
        const older = await getCandles({ symbol, interval, before: first.time }, controller.signal);
        const fresh = older.filter((candle) => candle.time < first.time);
        state.hasMore = fresh.length > 0;
        if (fresh.length === 0) return;
        const visible = chart.timeScale().getVisibleLogicalRange();
        state.bars = [...fresh.map(toBar), ...state.bars];
        state.volumeBars = [...fresh.map((candle) => toVolume(candle, colours)), ...state.volumeBars];
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
        state.bars = list.map(toBar);
        state.volumeBars = list.map((candle) => toVolume(candle, colours));
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
  }, [symbol, interval, precision, attempt, lang]);

  useCandleEvents(symbol, interval, (event: CandleEvent) => {
    const state = stateRef.current;
    if (!state || state.bars.length === 0) return;
    const last = state.bars.at(-1);
    if (last && event.candle.time < last.time) return;
    const bar = toBar(event.candle);
    const volume = toVolume(event.candle);
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
  const bucket = (seconds - (seconds % intervalSeconds)) as UTCTimestamp;
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
