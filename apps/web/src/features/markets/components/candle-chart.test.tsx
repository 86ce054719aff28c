import type { Candle, KlineInterval } from '@app/contract/markets';
import type { UserProfile } from '@app/contract/users';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { resetRealtimeClient } from '../../../lib/realtime';
import { endSession, startSession } from '../../../lib/session';
import { installFakeSocket } from '../../../test/markets-fixtures';
import { mockApi, ok, renderScreen, USER_PROFILE } from '../../../test/render';
import { CandleChart } from './candle-chart';

// lightweight-charts draws on a canvas, which jsdom has not: a stand-in records what the screen
// asks of it (series, their options and data, the visible range) and lets the test move the crosshair.
const fake = vi.hoisted(() => {
  type Range = { from: number; to: number };
  class FakeSeries {
    data: { time: number; value?: number; close?: number }[] = [];
    constructor(
      readonly kind: string,
      public options: Record<string, unknown>,
      readonly pane: number,
    ) {}
    applyOptions(options: Record<string, unknown>) {
      this.options = { ...this.options, ...options };
    }
    setData(data: { time: number }[]) {
      this.data = [...data];
    }
    update(point: { time: number }) {
      const last = this.data.at(-1);
      if (last && last.time === point.time) this.data[this.data.length - 1] = point;
      else this.data.push(point);
    }
    priceScale() {
      return { applyOptions() {} };
    }
    createPriceLine() {}
  }
  class FakeChart {
    constructor(readonly options: { localization?: { priceFormatter?: (price: number) => string } }) {}
    series: FakeSeries[] = [];
    range: Range | null = null;
    rangesSet: Range[] = [];
    crosshair: ((param: { point?: { x: number; y: number }; logical?: number }) => void) | null = null;
    removed = false;
    addSeries(kind: string, options: Record<string, unknown> = {}, pane = 0) {
      const series = new FakeSeries(kind, options, pane);
      this.series.push(series);
      return series;
    }
    removeSeries(series: FakeSeries) {
      this.series = this.series.filter((one) => one !== series);
    }
    panes() {
      const count = Math.max(0, ...this.series.map((series) => series.pane)) + 1;
      return Array.from({ length: count }, () => ({ setStretchFactor() {} }));
    }
    removePane() {}
    timeScale() {
      return {
        getVisibleLogicalRange: () => this.range,
        setVisibleLogicalRange: (range: Range) => {
          this.range = range;
          this.rangesSet.push(range);
        },
        subscribeVisibleLogicalRangeChange() {},
        unsubscribeVisibleLogicalRangeChange() {},
      };
    }
    subscribeCrosshairMove(handler: FakeChart['crosshair']) {
      this.crosshair = handler;
    }
    unsubscribeCrosshairMove() {
      this.crosshair = null;
    }
    remove() {
      this.removed = true;
    }
    clearCrosshairPosition() {
      this.crosshair?.({});
    }
    /** The series of one kind in one pane. */
    of(kind: string, pane = 0) {
      return this.series.filter((series) => series.kind === kind && series.pane === pane);
    }
  }
  return { charts: [] as FakeChart[], FakeChart };
});

vi.mock('lightweight-charts', () => ({
  createChart: (_container: unknown, options: ConstructorParameters<typeof fake.FakeChart>[0]) => {
    const chart = new fake.FakeChart(options);
    fake.charts.push(chart);
    return chart;
  },
  CandlestickSeries: 'Candlestick',
  AreaSeries: 'Area',
  HistogramSeries: 'Histogram',
  LineSeries: 'Line',
  TickMarkType: { Year: 0, Month: 1, DayOfMonth: 2, Time: 3, TimeWithSeconds: 4 },
}));

const SECONDS = { '1m': 60, '5m': 300 } as Record<KlineInterval, number>;
const START = 1_764_000_000; // a whole hour (UTC)

/** `count` candles of `interval` up to START + count bars; candle i opens at 100 + i and closes 1 higher. */
function candles(interval: KlineInterval, count: number): Candle[] {
  return Array.from({ length: count }, (_, i) => ({
    time: START + i * (SECONDS[interval] ?? 60),
    open: (100 + i).toFixed(2),
    high: (102 + i).toFixed(2),
    low: (99 + i).toFixed(2),
    close: (101 + i).toFixed(2),
    volume: '5',
  }));
}

function api(profile: UserProfile = USER_PROFILE) {
  return mockApi({
    '/product/kdata': (body) => {
      const { interval } = body as { interval: KlineInterval };
      return ok<Candle[]>(interval === '1m' ? candles('1m', 60) : candles('5m', 40));
    },
    '/user/details': ok<UserProfile>(profile),
  });
}

function Harness() {
  const [interval, setInterval] = useState<KlineInterval>('1m');
  return (
    <>
      <button type="button" onClick={() => setInterval('5m')}>
        to 5m
      </button>
      <CandleChart symbol="BTCUSDT" interval={interval} precision={2} lastTick={null} />
    </>
  );
}

const latestChart = () => fake.charts.at(-1) as InstanceType<typeof fake.FakeChart>;

async function renderChart() {
  const view = renderScreen(<Harness />, { path: '/xq', url: '/xq?symbol=BTCUSDT' });
  await waitFor(() => expect(latestChart().of('Candlestick')[0]?.data).toHaveLength(60));
  return view;
}

const readout = () => within(screen.getByRole('region', { name: 'Candle values' }));

describe('the product chart', () => {
  beforeEach(() => {
    installFakeSocket();
    fake.charts.length = 0;
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as never);
  });
  afterEach(async () => {
    resetRealtimeClient();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    window.localStorage.clear();
    endSession();
    await act(() => changeLang('en'));
  });

  it('switches between candles and a line, and remembers the choice on this device', async () => {
    api();
    const user = userEvent.setup();
    const view = await renderChart();
    const candlesButton = screen.getByRole('button', { name: 'Candles' });
    const lineButton = screen.getByRole('button', { name: 'Line' });
    expect(candlesButton).toHaveAttribute('aria-pressed', 'true');
    expect(latestChart().of('Candlestick')[0]?.options.visible).toBe(true);
    expect(latestChart().of('Area')[0]?.options.visible).toBe(false);
    await user.click(lineButton);
    expect(lineButton).toHaveAttribute('aria-pressed', 'true');
    expect(candlesButton).toHaveAttribute('aria-pressed', 'false');
    expect(latestChart().of('Candlestick')[0]?.options.visible).toBe(false);
    expect(latestChart().of('Area')[0]?.options.visible).toBe(true);
    // The line is the closes.
    expect(latestChart().of('Area')[0]?.data.at(-1)?.value).toBe(160);
    expect(JSON.parse(window.localStorage.getItem('chartSettings:guest') ?? '{}').mode).toBe('line');
    view.unmount();
    await renderChart();
    expect(screen.getByRole('button', { name: 'Line' })).toHaveAttribute('aria-pressed', 'true');
    expect(latestChart().of('Area')[0]?.options.visible).toBe(true);
  });

  it('draws the chosen indicators and remembers them for the user', async () => {
    startSession('tok');
    api();
    const user = userEvent.setup();
    const view = await renderChart();
    await user.click(screen.getByRole('button', { name: 'Indicators (1 on)' }));
    const sheet = within(screen.getByRole('region', { name: 'Indicators' }));
    await user.click(sheet.getByRole('checkbox', { name: 'RSI (14)' }));
    await user.click(sheet.getByRole('checkbox', { name: 'Moving average (MA)' }));
    const period = sheet.getByRole('spinbutton', { name: /Moving average \(MA\): Period/ });
    await user.clear(period);
    await user.type(period, '5{Enter}');
    await user.click(sheet.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('button', { name: 'Indicators (3 on)' })).toHaveFocus();

    const chart = latestChart();
    // MA(5) on the price pane: the mean of the last five closes (156 … 160).
    const ma = chart.of('Line', 0);
    expect(ma).toHaveLength(1);
    expect(ma[0]?.data).toHaveLength(56);
    expect(ma[0]?.data.at(-1)?.value).toBeCloseTo(158, 10);
    // RSI in the pane below: closes only rise, so 100.
    const rsiLine = chart.of('Line', 1);
    expect(rsiLine).toHaveLength(1);
    expect(rsiLine[0]?.data.at(-1)?.value).toBe(100);
    const stored = JSON.parse(window.localStorage.getItem(`chartSettings:${USER_PROFILE.id}`) ?? '{}');
    expect(stored).toMatchObject({ rsi: true, ma: { on: true, period: 5 } });

    view.unmount();
    await renderChart();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Indicators (3 on)' })).toBeInTheDocument());
    expect(latestChart().of('Line', 1)).toHaveLength(1);
    expect(latestChart().of('Line', 0)[0]?.data.at(-1)?.value).toBeCloseTo(158, 10);
  });

  it('starts another user on this device from the defaults', async () => {
    window.localStorage.setItem('chartSettings:1', JSON.stringify({ rsi: true, mode: 'line' }));
    startSession('tok');
    api({ ...USER_PROFILE, id: '2' });
    await renderChart();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Candles' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByRole('button', { name: 'Indicators (1 on)' })).toBeInTheDocument();
    expect(latestChart().of('Line', 1)).toHaveLength(0);
  });

  it('reads out the candle under the crosshair, else the last one', async () => {
    api();
    await renderChart();
    // The last candle: opened 159, high 161, low 158, closed 160 (+0.63%).
    expect(readout().getByText('Open').nextSibling).toHaveTextContent('159.00');
    expect(readout().getByText('High').nextSibling).toHaveTextContent('161.00');
    expect(readout().getByText('Low').nextSibling).toHaveTextContent('158.00');
    expect(readout().getByText('Close').nextSibling).toHaveTextContent('160.00');
    expect(readout().getByText('+0.63%')).toBeInTheDocument();
    act(() => latestChart().crosshair?.({ point: { x: 10, y: 10 }, logical: 0 }));
    expect(readout().getByText('Open').nextSibling).toHaveTextContent('100.00');
    expect(readout().getByText('High').nextSibling).toHaveTextContent('102.00');
    expect(readout().getByText('Low').nextSibling).toHaveTextContent('99.00');
    expect(readout().getByText('Close').nextSibling).toHaveTextContent('101.00');
    expect(readout().getByText('+1.00%')).toBeInTheDocument();
    expect(readout().getByRole('time')).toHaveTextContent(/\d{1,2}:\d{2}/);
    act(() => latestChart().crosshair?.({}));
    expect(readout().getByText('Close').nextSibling).toHaveTextContent('160.00');
    // A finger on the chart: its candle while it touches, the newest again once it lifts.
    act(() => latestChart().crosshair?.({ point: { x: 10, y: 10 }, logical: 1 }));
    expect(readout().getByText('Close').nextSibling).toHaveTextContent('102.00');
    fireEvent.touchEnd(screen.getByTestId('chart-canvas'));
    expect(readout().getByText('Close').nextSibling).toHaveTextContent('160.00');
  });

  it('writes prices on the axes in the language, negative ones (MACD) too', async () => {
    await act(() => changeLang('vn'));
    api();
    await renderChart();
    const { localization } = latestChart().options;
    expect(localization?.priceFormatter?.(12345.5)).toBe('12.345,50');
    expect(localization?.priceFormatter?.(-1)).toBe('-1,00');
    expect(localization?.priceFormatter?.(-0.5)).toBe('-0,50');
  });

  it('keeps the zoom on an interval switch, following the newest bar or keeping the time in the middle', async () => {
    api();
    const user = userEvent.setup();
    await renderChart();
    // Following the newest bar, 30 bars wide.
    act(() => latestChart().timeScale().setVisibleLogicalRange({ from: 32, to: 62 }));
    await user.click(screen.getByRole('button', { name: 'to 5m' }));
    await waitFor(() => expect(latestChart().of('Candlestick')[0]?.data).toHaveLength(40));
    expect(latestChart().rangesSet.at(-1)).toEqual({ from: 39 + 3 - 30, to: 42 });
  });

  it('keeps the time in the middle of a view scrolled back', async () => {
    api();
    const user = userEvent.setup();
    await renderChart();
    // 1m bars 10 … 30 in sight: the middle is bar 20, START + 20 minutes, which is 5m bar 4.
    act(() => latestChart().timeScale().setVisibleLogicalRange({ from: 10, to: 30 }));
    await user.click(screen.getByRole('button', { name: 'to 5m' }));
    await waitFor(() => expect(latestChart().of('Candlestick')[0]?.data).toHaveLength(40));
    expect(latestChart().rangesSet.at(-1)).toEqual({ from: 4 - 10, to: 4 + 10 });
  });
});
