import type { BalanceList } from '@app/contract/ledger';
import type { Candle, Order, Quote, Turnover } from '@app/contract/markets';
import type { PracticeBalance } from '@app/contract/practice';
import type { UserProfile } from '@app/contract/users';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { resetRealtimeClient } from '../../../lib/realtime';
import { endSession, startSession } from '../../../lib/session';
import { FakeSocket } from '../../../test/fake-socket';
import { installFakeSocket, order, QUOTES, TURNOVER } from '../../../test/markets-fixtures';
import { BALANCES, fail, mockApi, ok, renderScreen, USER_PROFILE } from '../../../test/render';
import { deviceZoneShiftSeconds } from '../components/chart-time';
import { ClockContext, createManualClock, type ManualClock } from '../hooks/use-clock';
import ProductPage from './product-page';

// lightweight-charts draws on a canvas, which jsdom has not: a stand-in records the series the
// screen adds (the order lines among them), their options, data and markers.
const fake = vi.hoisted(() => {
  class FakeSeries {
    data: { time: number; value?: number }[] = [];
    markers: { time: number; text?: string; color?: string }[] = [];
    constructor(
      readonly kind: string,
      public options: Record<string, unknown>,
    ) {}
    applyOptions(options: Record<string, unknown>) {
      this.options = { ...this.options, ...options };
    }
    setData(data: { time: number }[]) {
      this.data = [...data];
    }
    update() {}
    priceScale() {
      return { applyOptions() {} };
    }
  }
  class FakeChart {
    series: FakeSeries[] = [];
    addSeries(kind: string, options: Record<string, unknown> = {}) {
      const series = new FakeSeries(kind, options);
      this.series.push(series);
      return series;
    }
    removeSeries(series: FakeSeries) {
      this.series = this.series.filter((one) => one !== series);
    }
    panes() {
      return [{ setStretchFactor() {} }];
    }
    removePane() {}
    timeScale() {
      return {
        getVisibleLogicalRange: () => null,
        setVisibleLogicalRange() {},
        subscribeVisibleLogicalRangeChange() {},
        unsubscribeVisibleLogicalRangeChange() {},
      };
    }
    subscribeCrosshairMove() {}
    unsubscribeCrosshairMove() {}
    clearCrosshairPosition() {}
    remove() {}
    /** The order lines: line series with a title (the indicators' lines have none). */
    orderLines() {
      return this.series.filter((series) => series.kind === 'Line' && typeof series.options.title === 'string');
    }
  }
  return { charts: [] as FakeChart[], FakeChart };
});

vi.mock('lightweight-charts', () => ({
  createChart: () => {
    const chart = new fake.FakeChart();
    fake.charts.push(chart);
    return chart;
  },
  createSeriesMarkers: (series: { markers: unknown[] }, markers: unknown[]) => {
    series.markers = markers;
    return {
      setMarkers: (next: unknown[]) => {
        series.markers = next;
      },
      detach() {},
    };
  },
  CandlestickSeries: 'Candlestick',
  AreaSeries: 'Area',
  HistogramSeries: 'Histogram',
  LineSeries: 'Line',
  LineStyle: { Solid: 0, Dotted: 1, Dashed: 2 },
  TickMarkType: { Year: 0, Month: 1, DayOfMonth: 2, Time: 3, TimeWithSeconds: 4 },
}));

const BTC = QUOTES[3]!;
const ACCEPTED_AT = Date.parse('2025-03-03T10:00:00.000Z');
/** One-minute candles up to the order's time (the chart's time scale). */
const CANDLES: Candle[] = Array.from({ length: 30 }, (_, i) => ({
  time: ACCEPTED_AT / 1000 - (29 - i) * 60,
  open: '64000',
  high: '64010',
  low: '63990',
  close: '64000.5',
  volume: '1',
}));

const latestChart = () => fake.charts.at(-1)!;

/**
 * The API of a signed-in user with 1,000 USDT; `/product/orders` answers with `held.orders`, which
 * the test (or the order the screen places) changes.
 */
function api(extra: Parameters<typeof mockApi>[0] = {}, held: { orders: Order[] } = { orders: [] }) {
  const placed = extra['/order/create'] ?? ok<Order>(order({ entry: null }));
  const mocked = mockApi({
    '/product/details': ok<Quote>(BTC),
    '/product/trunover': ok<Turnover>(TURNOVER),
    '/product/kdata': ok<Candle[]>(CANDLES),
    '/user/balance_list': ok<BalanceList>(BALANCES),
    '/user/details': ok<UserProfile>(USER_PROFILE),
    '/product/orders': () => ok<Order[]>(held.orders),
    ...extra,
    '/order/create': (body) => {
      const answer = typeof placed === 'function' ? placed(body) : placed;
      const created = (answer.body as { data: Order | null }).data;
      if (created) held.orders = [created, ...held.orders];
      return answer;
    },
  });
  return { ...mocked, held };
}

function renderTrading(clock: ManualClock) {
  return renderScreen(
    <ClockContext.Provider value={clock}>
      <ProductPage />
    </ClockContext.Provider>,
    { path: '/xq', url: '/xq?symbol=BTCUSDT' },
  );
}

const rise = () => screen.getByRole('button', { name: /Rise$/ });
const fall = () => screen.getByRole('button', { name: /Fall$/ });
const openRows = () => screen.queryAllByTestId('chart-open-order');

function openSocket(): FakeSocket {
  const socket = FakeSocket.instances.at(-1);
  if (!socket) throw new Error('no socket');
  act(() => socket.open());
  return socket;
}

describe('trading from the chart (/xq)', () => {
  let clock: ManualClock;
  beforeEach(() => {
    installFakeSocket();
    fake.charts.length = 0;
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as never);
    clock = createManualClock(ACCEPTED_AT);
    window.localStorage.setItem('vela.tradingAccount', 'real');
    startSession('token-1');
  });
  afterEach(async () => {
    resetRealtimeClient();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    window.localStorage.clear();
    endSession();
    await act(() => changeLang('en'));
  });

  it('places a rise order with one tap, stays on the chart and shows it open with its entry line', async () => {
    const { calls } = api({
      '/order/create': ok<Order>(order({ id: 'o-9', amount: '100', fee: '1' })),
    });
    window.localStorage.setItem('riskAccepted', '1');
    const view = renderTrading(clock);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await screen.findByText('Available 1,000 USDT');
    const amount = screen.getByLabelText('Amount (USDT)');
    // The period's minimum is there to start with; the fee and the payout follow the amount.
    expect(amount).toHaveValue('10');
    await user.clear(amount);
    await user.type(amount, '100');
    expect(screen.getByTestId('chart-trade-fee')).toHaveTextContent(/^1$/);
    expect(screen.getByTestId('chart-trade-payout')).toHaveTextContent('185 USDT');
    expect(screen.getByRole('button', { name: /30 s.*Pays 85%/ })).toHaveAttribute('aria-pressed', 'true');
    // What one tap places stays beside Rise and Fall.
    expect(screen.getByTestId('chart-trade-ticket')).toHaveTextContent('100 USDT · 30 s · pays 185 if won');

    await user.click(rise());
    await waitFor(() => expect(openRows()).toHaveLength(1));
    const create = calls.find((call) => call.path === '/order/create');
    expect(create?.body).toEqual({ symbol: 'BTCUSDT', direction: 'up', amount: '100', period: 30 });
    expect(create?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(await screen.findByText('successfully ordered')).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/xq');
    const row = openRows()[0]!;
    expect(row).toHaveTextContent('▲ 100');
    expect(row).toHaveTextContent('Entry 64,000.50');
    expect(row).toHaveTextContent('0:30');
    expect(row).toHaveAttribute('href', '/orderdetail?id=o-9');
    // The entry line: at the entry price, from the entry's bar to the end's, labelled by direction and amount.
    await waitFor(() => expect(latestChart().orderLines()).toHaveLength(1));
    const line = latestChart().orderLines()[0]!;
    expect(line.options.title).toBe('▲ 100 · 0:30');
    expect(new Set(line.data.map((point) => point.value))).toEqual(new Set([64000.5]));
    // Entry 10:00:01 and end 10:00:30 share the 10:00 bar (shifted to the device's zone, as the bars are).
    expect(line.data.map((point) => point.time)).toEqual([ACCEPTED_AT / 1000 + deviceZoneShiftSeconds()]);
    expect(line.markers).toHaveLength(1);
  });

  it('asks for the risk disclosure before the first order, then places a fall order', async () => {
    const { calls } = api({
      '/order/create': ok<Order>(order({ id: 'o-2', direction: 'down', amount: '50', fee: '0.5' })),
    });
    renderTrading(clock);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await screen.findByText('Available 1,000 USDT');
    await user.click(screen.getByRole('button', { name: '50' }));
    await user.click(fall());
    expect(await screen.findByText('Risk disclosure')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/order/create')).toBe(false);
    await user.click(screen.getByText('I understand and accept'));
    await waitFor(() => expect(openRows()).toHaveLength(1));
    expect(calls.find((call) => call.path === '/order/create')?.body).toEqual({
      symbol: 'BTCUSDT',
      direction: 'down',
      amount: '50',
      period: 30,
    });
    expect(openRows()[0]).toHaveTextContent('▼ 50');
    expect(window.localStorage.getItem('riskAccepted')).toBe('1');
    await waitFor(() => expect(latestChart().orderLines()[0]?.options.title).toBe('▼ 50 · 0:30'));
  });

  it('places with the practice balance when Practice is chosen, and lists only practice orders', async () => {
    const { calls } = api({
      '/practice/balance': ok<PracticeBalance>({
        currency: 'PUSDT',
        available: '10000',
        trading: '0',
        total: '10000',
        nextResetAt: null,
      }),
      '/order/create': ok<Order>(order({ id: 'o-11', amount: '10', account: 'practice' })),
    });
    window.localStorage.setItem('riskAccepted', '1');
    window.localStorage.setItem('vela.tradingAccount', 'practice');
    renderTrading(clock);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await screen.findByText('Available 10,000 USDT');
    await user.click(rise());
    await waitFor(() => expect(openRows()).toHaveLength(1));
    expect(calls.find((call) => call.path === '/order/create')?.body).toEqual({
      symbol: 'BTCUSDT',
      direction: 'up',
      amount: '10',
      period: 30,
      account: 'practice',
    });
    expect(calls.filter((call) => call.path === '/product/orders').map((call) => call.body)).toContainEqual({
      symbol: 'BTCUSDT',
      account: 'practice',
    });
  });

  it('disables Rise and Fall with the reason in the user’s language, and sends nothing', async () => {
    const { calls } = api();
    window.localStorage.setItem('riskAccepted', '1');
    await act(() => changeLang('vn'));
    renderTrading(clock);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const amount = await screen.findByLabelText('Số tiền (USDT)');
    const buttons = () => [
      screen.getByRole('button', { name: /Tăng$/ }),
      screen.getByRole('button', { name: /Giảm$/ }),
    ];
    await user.clear(amount);
    for (const button of buttons()) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription('Nhập số tiền');
    }
    await user.type(amount, '5');
    expect(buttons()[0]).toHaveAccessibleDescription('Tối thiểu là 10 USDT');
    await user.clear(amount);
    // 1,000 + the 1 % fee is more than the 1,000 available.
    await user.type(amount, '1000');
    expect(buttons()[1]).toHaveAccessibleDescription('Số dư không đủ — Nạp tiền');
    await user.click(buttons()[0]!);
    expect(calls.some((call) => call.path === '/order/create')).toBe(false);
    // "Max": the most the balance pays with its fee (990.099009 + 9.900991 = 1,000).
    await user.click(screen.getByRole('button', { name: 'Tối đa' }));
    expect(amount).toHaveValue('990,099009');
    expect(buttons()[0]).toBeEnabled();
  });

  it('shows the server’s message when the order is refused, and keeps the chart without a line', async () => {
    api({ '/order/create': fail(422, 4205, 'Too many open orders') });
    window.localStorage.setItem('riskAccepted', '1');
    renderTrading(clock);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await screen.findByText('Available 1,000 USDT');
    await user.click(rise());
    expect(await screen.findByText('Too many open orders')).toBeInTheDocument();
    expect(openRows()).toHaveLength(0);
    expect(latestChart().orderLines()).toHaveLength(0);
  });

  it('shows an order waiting for its entry without a line, and draws the line when the entry is pushed', async () => {
    const waiting = order({ id: 'o-5', amount: '100', entry: null });
    api({ '/order/create': ok<Order>(waiting) });
    window.localStorage.setItem('riskAccepted', '1');
    renderTrading(clock);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await screen.findByText('Available 1,000 USDT');
    const socket = openSocket();
    await user.click(rise());
    await waitFor(() => expect(openRows()).toHaveLength(1));
    expect(openRows()[0]).toHaveTextContent('Waiting for entry…');
    expect(latestChart().orderLines()).toHaveLength(0);

    const entered = { ...waiting, entry: { time: '2025-03-03T10:00:01.000Z', price: '64001.25' } };
    act(() => socket.push({ type: 'order', order: entered }));
    await waitFor(() => expect(openRows()[0]).toHaveTextContent('Entry 64,001.25'));
    await waitFor(() => expect(latestChart().orderLines()).toHaveLength(1));
    expect(
      latestChart()
        .orderLines()[0]!
        .data.every((point) => point.value === 64001.25),
    ).toBe(true);
  });

  it('counts down by the injected clock and says it settles at the end', async () => {
    api(
      {},
      {
        orders: [
          order({ id: 'o-3', amount: '20' }),
          order({ id: 'o-4', direction: 'down', amount: '30', endTime: '2025-03-03T10:01:00.000Z' }),
        ],
      },
    );
    clock.set(Date.parse('2025-03-03T10:00:05.000Z'));
    renderTrading(clock);
    await waitFor(() => expect(openRows()).toHaveLength(2));
    const countdowns = () => screen.getAllByTestId('chart-order-countdown').map((node) => node.textContent);
    expect(countdowns()).toEqual(['0:25', '0:55']);
    act(() => clock.advance(10_000));
    expect(countdowns()).toEqual(['0:15', '0:45']);
    await waitFor(() =>
      expect(
        latestChart()
          .orderLines()
          .map((line) => line.options.title),
      ).toEqual(['▲ 20 · 0:15', '▼ 30 · 0:45']),
    );
    act(() => clock.advance(15_000));
    expect(countdowns()).toEqual(['Settling…', '0:30']);
  });

  it('tells the result in a toast and on the chart when the settled event arrives', async () => {
    const held = { orders: [order({ id: 'o-6', amount: '100' })] };
    api({}, held);
    clock.set(Date.parse('2025-03-03T10:00:29.000Z'));
    renderTrading(clock);
    await waitFor(() => expect(openRows()).toHaveLength(1));
    const socket = openSocket();
    expect(screen.queryByText('Won +84 USDT')).not.toBeInTheDocument();
    act(() => clock.advance(2_000));
    const won = order({
      id: 'o-6',
      amount: '100',
      status: 'won',
      exit: { time: '2025-03-03T10:00:30.000Z', price: '64010.25' },
      payout: '185',
      profit: '84',
      settledAt: '2025-03-03T10:00:30.400Z',
    });
    held.orders = [won];
    act(() => socket.push({ type: 'order', order: won }));
    expect(await screen.findByText('Won +84 USDT')).toBeInTheDocument();
    await waitFor(() => expect(openRows()).toHaveLength(0));
    await waitFor(() => expect(latestChart().orderLines()[0]?.markers[0]?.text).toBe('+84'));
  });

  it('tells the lines drawn on the chart in words: entry, winning or losing now, then the result', async () => {
    const held = { orders: [order({ id: 'o-12', amount: '100' })] };
    api({}, held);
    clock.set(Date.parse('2025-03-03T10:00:05.000Z'));
    renderTrading(clock);
    const socket = openSocket();
    const line = () => screen.getByTestId('chart-order-line');
    // The last price is the entry's: level.
    await waitFor(() => expect(line()).toHaveTextContent('Rise 100 USDT, entry 64,000.50. Level now.'));
    expect(line()).toHaveAttribute('data-direction', 'up');
    // The picture of the chart is described by it, and what is added to it is read out.
    expect(screen.getByRole('img', { name: /BTCUSDT/ })).toHaveAccessibleDescription(
      'Your orders drawn on the chart Rise 100 USDT, entry 64,000.50. Level now.',
    );
    expect(line().closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');

    act(() => socket.push({ type: 'tick', symbol: 'BTCUSDT', time: '2025-03-03T10:00:06.000Z', price: '64010.00' }));
    await waitFor(() => expect(line()).toHaveTextContent('Rise 100 USDT, entry 64,000.50. Winning now.'));
    expect(line()).toHaveAttribute('data-would-win', 'win');
    act(() => socket.push({ type: 'tick', symbol: 'BTCUSDT', time: '2025-03-03T10:00:07.000Z', price: '63990.00' }));
    await waitFor(() => expect(line()).toHaveAttribute('data-would-win', 'lose'));
    expect(line()).toHaveTextContent('Rise 100 USDT, entry 64,000.50. Losing now.');

    act(() => clock.advance(26_000));
    const won = order({
      id: 'o-12',
      amount: '100',
      status: 'won',
      exit: { time: '2025-03-03T10:00:30.000Z', price: '64010.25' },
      payout: '185',
      profit: '84',
      settledAt: '2025-03-03T10:00:30.400Z',
    });
    held.orders = [won];
    act(() => socket.push({ type: 'order', order: won }));
    await waitFor(() =>
      expect(screen.getByTestId('chart-order-result')).toHaveTextContent(
        'Rise 100 USDT, entry 64,000.50. Won +84 USDT.',
      ),
    );
    expect(screen.queryByTestId('chart-order-line')).not.toBeInTheDocument();
  });

  it('tells the lines in the user’s language', async () => {
    api({}, { orders: [order({ id: 'o-13', direction: 'down', amount: '20' })] });
    await act(() => changeLang('vn'));
    clock.set(Date.parse('2025-03-03T10:00:05.000Z'));
    renderTrading(clock);
    const socket = openSocket();
    const line = () => screen.getByTestId('chart-order-line');
    await waitFor(() => expect(line()).toHaveTextContent('Giảm 20 USDT, giá vào 64.000,50. Đang hòa.'));
    act(() => socket.push({ type: 'tick', symbol: 'BTCUSDT', time: '2025-03-03T10:00:06.000Z', price: '63990.00' }));
    await waitFor(() => expect(line()).toHaveTextContent('Giảm 20 USDT, giá vào 64.000,50. Đang thắng.'));
  });

  it('shows a result it only fetched on the chart, without a toast', async () => {
    const lost = order({
      id: 'o-8',
      amount: '100',
      status: 'lost',
      exit: { time: '2025-03-03T10:00:30.000Z', price: '63990.00' },
      payout: '0',
      profit: '-101',
      settledAt: '2025-03-03T10:00:30.400Z',
    });
    api({}, { orders: [lost] });
    clock.set(Date.parse('2025-03-03T10:01:00.000Z'));
    renderTrading(clock);
    await waitFor(() => expect(latestChart()?.orderLines()[0]?.markers[0]?.text).toBe('-101'));
    expect(screen.queryByText('Lost 101 USDT')).not.toBeInTheDocument();
    const settledRow = within(screen.getByRole('region', { name: 'My orders' }));
    expect(settledRow.getByText('Lost')).toBeInTheDocument();
  });
});
