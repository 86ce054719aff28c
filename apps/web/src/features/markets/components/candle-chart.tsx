import type { Lang } from '@app/contract/lang';
import { type Candle, INTERVAL_SECONDS, type KlineInterval } from '@app/contract/markets';
import { useQueryClient } from '@tanstack/react-query';
import {
  AreaSeries,
  type CandlestickData,
  CandlestickSeries,
  createChart,
  type HistogramData,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type LogicalRange,
  type MouseEventParams,
  type TickMarkType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { useTranslation } from '../../../lib/i18n';
import { formatPrice } from '../../../lib/price';
import { type CandleEvent, type TickEvent, useCandleEvents, useTickEvents } from '../../../lib/realtime';
import { useRiseColor } from '../../../lib/rise-colors';
import { useIsSignedIn } from '../../../lib/session';
import { zoneName } from '../../../lib/time';
import { CANDLES_PAGE_SIZE, FIRST_CANDLES, firstCandlesQueryOptions, getCandles } from '../api/get-candles';
import { ChartToolbar, IndicatorSheet } from './chart-controls';
import { createIndicatorLayer, type IndicatorLayer } from './chart-indicators';
import { type DrawnOrderLine, syncOrderLines } from './chart-order-lines';
import { ChartOrderLinesText } from './chart-order-lines-text';
import { ChartReadout, type ReadoutBar } from './chart-readout';
import {
  type ChartSettings,
  DEFAULT_CHART_SETTINGS,
  loadChartSettings,
  MACD_PERIODS,
  saveChartSettings,
} from './chart-settings';
import { crosshairTimeLabel, deviceZoneShiftSeconds, tickMarkLabel } from './chart-time';
import type { ChartOrderLine } from './order-line-model';

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
  /**
   * The screen's newest price (polled while the socket is not open): it moves the last candle
   * between candle updates. The chart takes the pushed ticks itself.
   */
  lastTick: { time: string; price: string } | null;
  /** The user's orders on this product (issue 15: trading from the chart), drawn over the price. */
  orderLines?: readonly ChartOrderLine[];
}

type RiseFall = { rise: string; fall: string };

interface ChartState {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  line: ISeriesApi<'Area'>;
  volumes: ISeriesApi<'Histogram'>;
  bars: CandlestickData<UTCTimestamp>[];
  volumeBars: HistogramData<UTCTimestamp>[];
  indicators: IndicatorLayer | null;
  isLoaded: boolean;
  isLoadingMore: boolean;
  hasMore: boolean;
  colors: RiseFall;
  /** The colour of a line neither winning nor losing (`--text-2`), read with the others. */
  flat: string;
  /** Seconds added to every bar time so the chart's day marks fall at the device's midnight (chart-time.ts). */
  shift: number;
  precision: number;
  /** The drawn order lines by order id. */
  orderLines: Map<string, DrawnOrderLine>;
  /** The time of the newest tick merged into the last candle (ISO), so an older one never undoes it. */
  mergedTickTime: string | null;
}

/**
 * Where the reader was looking, kept across a change of interval (or language, or colours, which
 * draw the chart again): how many bars wide the view was, and either that it followed the newest
 * bar or the time at its middle.
 */
interface SavedView {
  width: number;
  /** Bars of blank space right of the newest bar when it followed it. */
  rightOffset: number;
  atRealTime: boolean;
  /** Seconds (UTC, not shifted) at the middle of the view. */
  centerTime: number;
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

const toLinePoint = (bar: CandlestickData<UTCTimestamp>) => ({ time: bar.time, value: bar.close });

/** Candlesticks or a line with volume and indicators; scrolling left loads older candles (`before`); live updates. */
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

/** The chosen mode and indicators, remembered per user (chart-settings.ts). */
function useChartSettings(): [ChartSettings, (next: ChartSettings) => void] {
  const isSignedIn = useIsSignedIn();
  const user = useUserDetails();
  // Signed in, the choice is the user's once their id is known (until then: the defaults, not saved).
  const owner = isSignedIn ? (user.data?.id ?? undefined) : null;
  const [settings, setSettings] = useState<ChartSettings>(() =>
    owner === undefined ? DEFAULT_CHART_SETTINGS : loadChartSettings(owner),
  );
  useEffect(() => {
    setSettings(owner === undefined ? DEFAULT_CHART_SETTINGS : loadChartSettings(owner));
  }, [owner]);
  const change = useCallback(
    (next: ChartSettings) => {
      setSettings(next);
      if (owner !== undefined) saveChartSettings(owner, next);
    },
    [owner],
  );
  return [settings, change];
}

/** Shows the mode and indicators on a drawn chart. */
function applySettings(state: ChartState, settings: ChartSettings): void {
  const isLine = settings.mode === 'line';
  state.candles.applyOptions({ visible: !isLine });
  state.line.applyOptions({ visible: isLine });
  state.volumes.applyOptions({ visible: settings.volume });
  state.candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: settings.volume ? 0.22 : 0.06 } });
  state.indicators?.remove();
  state.indicators = createIndicatorLayer(state.chart, settings, state.precision, {
    rise: withAlpha(state.colors.rise, 0.6),
    fall: withAlpha(state.colors.fall, 0.6),
  });
  if (state.isLoaded) state.indicators.setData(state.bars);
}

/**
 * How many candles to ask for first: FIRST_CANDLES, or more when an indicator that is on needs a
 * longer history to be drawn across the first screenful (at most a page).
 */
export function firstCandlesFor(settings: ChartSettings): number {
  const periods = [
    settings.ma.on ? settings.ma.period : 0,
    settings.ema.on ? settings.ema.period : 0,
    settings.boll.on ? settings.boll.period : 0,
    settings.macd ? MACD_PERIODS.slow + MACD_PERIODS.signal : 0,
  ];
  return Math.min(CANDLES_PAGE_SIZE, Math.max(FIRST_CANDLES, Math.max(...periods) + FIRST_CANDLES / 2));
}

/** Index of the first bar at or after `time` (bars are in time order). */
function barIndexAt(bars: readonly CandlestickData<UTCTimestamp>[], time: number): number {
  let low = 0;
  let high = bars.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((bars[middle] as CandlestickData<UTCTimestamp>).time < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

function saveView(state: ChartState): SavedView | null {
  const range = state.chart.timeScale().getVisibleLogicalRange();
  const last = state.bars.length - 1;
  if (!range || last < 0 || !state.isLoaded) return null;
  const width = range.to - range.from;
  const middle = Math.min(last, Math.max(0, Math.round((range.from + range.to) / 2)));
  return {
    width,
    rightOffset: Math.max(0, range.to - last),
    // Following the newest bar: its right edge shows the last bar (or the blank space after it).
    atRealTime: range.to >= last - 0.5,
    centerTime: (state.bars[middle] as CandlestickData<UTCTimestamp>).time - state.shift,
  };
}

function restoreView(state: ChartState, view: SavedView): void {
  const last = state.bars.length - 1;
  const first = state.bars[0];
  if (last < 0 || !first) return;
  const center = view.centerTime + state.shift;
  if (view.atRealTime || center < first.time || center > (state.bars[last] as CandlestickData<UTCTimestamp>).time) {
    const to = last + Math.min(view.rightOffset, 10);
    state.chart.timeScale().setVisibleLogicalRange({ from: to - view.width, to });
    return;
  }
  const index = barIndexAt(state.bars, center);
  state.chart.timeScale().setVisibleLogicalRange({ from: index - view.width / 2, to: index + view.width / 2 });
}

function LiveChart({ symbol, interval, precision, lastTick, orderLines }: CandleChartProps) {
  const { t, i18n } = useTranslation();
  // The axis writes numbers in the user's language: a new language draws the chart again.
  const lang = i18n.language as Lang;
  // Green up or red up (the user's choice): a change draws the chart again in the new colours.
  const riseColor = useRiseColor();
  const queryClient = useQueryClient();
  const containerRef = useRef<HTMLDivElement>(null);
  const stateRef = useRef<ChartState | null>(null);
  const viewRef = useRef<SavedView | null>(null);
  const [loadState, setLoadState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [settings, changeSettings] = useChartSettings();
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const [isSheetOpen, setSheetOpen] = useState(false);
  const sheetId = useId();
  const linesTextId = useId();
  const indicatorsButtonRef = useRef<HTMLButtonElement>(null);
  /** The readout: the candle under the crosshair, else the newest one (only the readout renders on a change). */
  const [readout] = useState(createReadoutStore);
  const setHoverBar = readout.setHover;
  const setLastBar = readout.setLast;
  const [shift, setShift] = useState(() => deviceZoneShiftSeconds());

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-creates the chart on retry, `lang` on a language change, `riseColor` on a colour change.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const controller = new AbortController();
    let removeChart: (() => void) | null = null;
    setLoadState('loading');
    setHoverBar(null);
    setLastBar(null);
    // The chart is made once its candles are here: drawn once, with them (an empty chart drawn first
    // was drawn again, resized to the prices' axis, when they came).
    queryClient
      .fetchQuery(firstCandlesQueryOptions(symbol, interval, firstCandlesFor(settingsRef.current)))
      .then((list) => {
        if (controller.signal.aborted) return;
        removeChart = drawChart(container, list);
        setLoadState('ready');
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoadState('error');
      });
    return () => {
      controller.abort();
      removeChart?.();
    };

    /** Makes the chart with its first candles; answers how to remove it. */
    function drawChart(container: HTMLDivElement, list: Candle[]): () => void {
      const shift = deviceZoneShiftSeconds();
      setShift(shift);
      // The theme's colours, read when the chart is drawn (a change of `riseColor` draws it again).
      const { up: rise, down: fall } = riseFallColours();
      const colors = { rise, fall };
      const brand = getComputedStyle(document.documentElement).getPropertyValue('--brand').trim() || '#5b8cff';
      const chart = createChart(container, {
        autoSize: true,
        layout: {
          background: { color: 'transparent' },
          textColor: '#a3adc2',
          attributionLogo: false,
          panes: { separatorColor: '#252e42' },
        },
        grid: { vertLines: { color: 'rgba(37, 46, 66, 0.6)' }, horzLines: { color: 'rgba(37, 46, 66, 0.6)' } },
        rightPriceScale: { borderColor: '#252e42' },
        timeScale: {
          borderColor: '#252e42',
          timeVisible: interval !== '1d',
          // No blank space left of the oldest candle: reaching it loads older ones instead.
          fixLeftEdge: true,
          // Room right of the newest bar for the end of an open order and a settled order's result.
          rightOffset: 4,
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
      const priceFormat = { type: 'price' as const, precision, minMove };
      const candles = chart.addSeries(CandlestickSeries, {
        upColor: colors.rise,
        downColor: colors.fall,
        borderUpColor: colors.rise,
        borderDownColor: colors.fall,
        wickUpColor: colors.rise,
        wickDownColor: colors.fall,
        priceFormat,
      });
      const line = chart.addSeries(AreaSeries, {
        lineColor: brand,
        topColor: withAlpha(brand, 0.28),
        bottomColor: withAlpha(brand, 0.02),
        lineWidth: 2,
        priceFormat,
        visible: false,
      });
      const volumes = chart.addSeries(HistogramSeries, {
        priceScaleId: '',
        priceFormat: { type: 'volume' },
        lastValueVisible: false,
        priceLineVisible: false,
      });
      volumes.priceScale().applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
      const state: ChartState = {
        chart,
        candles,
        line,
        volumes,
        bars: [],
        volumeBars: [],
        indicators: null,
        isLoaded: false,
        isLoadingMore: false,
        hasMore: true,
        shift,
        colors,
        flat: getComputedStyle(document.documentElement).getPropertyValue('--text-2').trim() || '#a3adc2',
        precision,
        orderLines: new Map(),
        mergedTickTime: null,
      };
      stateRef.current = state;
      applySettings(state, settingsRef.current);

      const setAll = () => {
        candles.setData(state.bars);
        line.setData(state.bars.map(toLinePoint));
        volumes.setData(state.volumeBars);
        state.indicators?.setData(state.bars);
        setLastBar(state.bars.at(-1) ?? null);
      };

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
          setAll();
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
      const onCrosshair = (param: MouseEventParams<Time>) => {
        if (!param.point || param.logical === undefined) {
          setHoverBar(null);
          return;
        }
        const index = Math.min(state.bars.length - 1, Math.max(0, Math.round(param.logical)));
        setHoverBar(state.bars[index] ?? null);
      };

      // On a phone the crosshair follows the finger; when it lifts, the readout goes back to the newest
      // candle (the library would leave the crosshair where the finger was).
      const endTouch = () => {
        chart.clearCrosshairPosition();
        setHoverBar(null);
      };
      const onPointerEnd = (event: PointerEvent) => {
        if (event.pointerType !== 'mouse') endTouch();
      };
      container.addEventListener('touchend', endTouch);
      container.addEventListener('touchcancel', endTouch);
      container.addEventListener('pointerup', onPointerEnd);
      container.addEventListener('pointercancel', onPointerEnd);

      state.bars = list.map((candle) => toBar(candle, shift));
      state.volumeBars = list.map((candle) => toVolume(candle, shift, colors));
      state.isLoaded = true;
      setAll();
      if (viewRef.current) restoreView(state, viewRef.current);
      chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
      chart.subscribeCrosshairMove(onCrosshair);

      return () => {
        viewRef.current = saveView(state) ?? viewRef.current;
        chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
        chart.unsubscribeCrosshairMove(onCrosshair);
        container.removeEventListener('touchend', endTouch);
        container.removeEventListener('touchcancel', endTouch);
        container.removeEventListener('pointerup', onPointerEnd);
        container.removeEventListener('pointercancel', onPointerEnd);
        stateRef.current = null;
        chart.remove();
      };
    }
  }, [symbol, interval, precision, attempt, lang, riseColor]);

  // Another product starts at the newest bar with the default zoom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the symbol changes.
  useEffect(() => {
    viewRef.current = null;
  }, [symbol]);

  useEffect(() => {
    const state = stateRef.current;
    if (state) applySettings(state, settings);
  }, [settings]);

  // Drawn once the candles are (the lines' times join theirs), and again on every change.
  useEffect(() => {
    const state = stateRef.current;
    if (!state || loadState !== 'ready') return;
    syncOrderLines(
      {
        chart: state.chart,
        lines: state.orderLines,
        shift: state.shift,
        intervalSeconds: INTERVAL_SECONDS[interval],
        precision: state.precision,
        colors: { ...state.colors, flat: state.flat },
      },
      orderLines ?? [],
    );
  }, [orderLines, loadState, interval]);

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
    drawLast(state, bar, volume);
    setLastBar(bar);
  });

  // Ticks move the last candle without rendering the chart: pushed ones as they come, and the
  // newest one of the screen (polled while the socket is not open) when it changes.
  const mergeTickEvent = (tick: Pick<TickEvent, 'time' | 'price'>) => {
    const state = stateRef.current;
    if (!state || state.bars.length === 0) return;
    if (state.mergedTickTime !== null && tick.time <= state.mergedTickTime) return;
    state.mergedTickTime = tick.time;
    const bar = mergeTick(state, tick, INTERVAL_SECONDS[interval]);
    if (bar) setLastBar(bar);
  };
  useTickEvents([symbol], mergeTickEvent);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for a new tick (and a redrawn chart's interval).
  useEffect(() => {
    if (lastTick) mergeTickEvent(lastTick);
  }, [lastTick, interval]);

  const closeSheet = () => {
    setSheetOpen(false);
    indicatorsButtonRef.current?.focus();
  };

  return (
    <div className="chart chart--live">
      <ChartToolbar
        settings={settings}
        onChange={changeSettings}
        isSheetOpen={isSheetOpen}
        onToggleSheet={() => setSheetOpen((open) => !open)}
        sheetId={sheetId}
        buttonRef={indicatorsButtonRef}
      />
      <LiveReadout store={readout} precision={precision} shift={shift} />
      <div className="chart__plot">
        <div
          ref={containerRef}
          className="chart__canvas"
          role="img"
          aria-label={t('markets.chart', { symbol })}
          aria-describedby={linesTextId}
          data-testid="chart-canvas"
        />
        {/* What is drawn: the lines once the candles are (the effect above draws them then). */}
        <ChartOrderLinesText id={linesTextId} lines={loadState === 'ready' ? (orderLines ?? []) : []} />
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
        {isSheetOpen && (
          <IndicatorSheet id={sheetId} settings={settings} onChange={changeSettings} onClose={closeSheet} />
        )}
      </div>
    </div>
  );
}

interface ReadoutState {
  hover: ReadoutBar | null;
  last: ReadoutBar | null;
}

/** The readout's two bars, kept outside the chart's state: a tick or a crosshair move renders only the readout. */
function createReadoutStore() {
  let state: ReadoutState = { hover: null, last: null };
  const listeners = new Set<() => void>();
  const set = (next: Partial<ReadoutState>) => {
    if (Object.entries(next).every(([key, value]) => state[key as keyof ReadoutState] === value)) return;
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setHover: (hover: ReadoutBar | null) => set({ hover }),
    setLast: (last: ReadoutBar | null) => set({ last }),
  };
}

function LiveReadout({
  store,
  precision,
  shift,
}: {
  store: ReturnType<typeof createReadoutStore>;
  precision: number;
  shift: number;
}) {
  const { hover, last } = useSyncExternalStore(store.subscribe, store.get);
  return <ChartReadout bar={hover ?? last} isHover={hover !== null} precision={precision} shift={shift} />;
}

/** The last bar drawn again in every series that shows it. */
function drawLast(
  state: ChartState,
  bar: CandlestickData<UTCTimestamp>,
  volume: HistogramData<UTCTimestamp> | null,
): void {
  state.candles.update(bar);
  state.line.update(toLinePoint(bar));
  if (volume) state.volumes.update(volume);
  state.indicators?.updateLast(state.bars);
}

/** A tick moves the last candle's close, high and low, or opens the next candle (the bar drawn, or null). */
function mergeTick(
  state: ChartState,
  tick: { time: string; price: string },
  intervalSeconds: number,
): CandlestickData<UTCTimestamp> | null {
  const last = state.bars.at(-1);
  if (!last) return null;
  const price = Number(tick.price);
  const seconds = Math.floor(Date.parse(tick.time) / 1000);
  if (!Number.isFinite(price) || !Number.isFinite(seconds)) return null;
  const bucket = (seconds - (seconds % intervalSeconds) + state.shift) as UTCTimestamp;
  if (bucket < last.time) return null;
  if (bucket === last.time) {
    const bar = { ...last, close: price, high: Math.max(last.high, price), low: Math.min(last.low, price) };
    state.bars[state.bars.length - 1] = bar;
    drawLast(state, bar, null);
    return bar;
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
  drawLast(state, bar, volume);
  return bar;
}
