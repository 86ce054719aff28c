import type { BalanceList } from '@app/contract/ledger';
import type { Order, Quote, Turnover } from '@app/contract/markets';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { resetRealtimeClient } from '../../../lib/realtime';
import { setToken } from '../../../lib/storage';
import { FakeSocket } from '../../../test/fake-socket';
import { installFakeSocket, order, QUOTES, TURNOVER } from '../../../test/markets-fixtures';
import { BALANCES, fail, mockApi, ok, renderScreen } from '../../../test/render';
import OrderDetailPage from './order-detail-page';
import TradePage from './trade-page';

const BTC = QUOTES[3]!;

function renderTrade(direction = 'up') {
  return renderScreen(<TradePage />, { path: '/trade', url: `/trade?symbol=BTCUSDT&direction=${direction}` });
}

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/product/details': ok<Quote>(BTC),
    '/product/trunover': ok<Turnover>(TURNOVER),
    '/user/balance_list': ok<BalanceList>(BALANCES),
    '/order/create': ok<Order>(order({ direction: 'down' })),
    ...extra,
  });
}

describe('order confirmation (/trade)', () => {
  beforeEach(() => installFakeSocket());
  afterEach(async () => {
    setToken(null);
    resetRealtimeClient();
    vi.unstubAllGlobals();
    await act(() => changeLang('en'));
  });

  it('keeps the order disabled with the reason while the amount is empty or zero, and sends nothing', async () => {
    const { calls } = api();
    window.localStorage.setItem('riskAccepted', '1');
    renderTrade();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await screen.findByText('1,000 USDT');
    const submit = screen.getByRole('button', { name: /Confirm order/ });
    const amount = screen.getByLabelText('Amount (USDT)');
    // Nothing typed yet: the button says what is missing.
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Enter the amount');
    await user.click(submit);
    await user.type(amount, '0');
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Incorrect Amount');
    await user.type(amount, '{Enter}');
    await user.clear(amount);
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Enter the amount');
    // The range stays in sight beside the field throughout.
    expect(screen.getByText('Min 10 · Max 1,000 USDT')).toBeVisible();
    expect(calls.some((call) => call.path === '/order/create')).toBe(false);
    await user.type(amount, '100');
    expect(submit).toBeEnabled();
    expect(submit).not.toHaveAccessibleDescription();
  });

  it('takes the amount in Vietnamese ("100,5"), shows the quote in Vietnamese and sends the plain decimal', async () => {
    const { calls } = api();
    window.localStorage.setItem('riskAccepted', '1');
    await act(() => changeLang('vn'));
    const view = renderTrade('down');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const amount = await screen.findByLabelText('Số tiền (USDT)');
    await screen.findByText('1.000 USDT');
    await user.type(amount, '100,5');
    expect(amount).toHaveValue('100,5');
    // 1 % of 100.5, and 100.5 × 1.85, written as Vietnamese writes them.
    expect(screen.getByTestId('trade-fee')).toHaveTextContent(/^1,005$/);
    expect(screen.getByTestId('trade-payout')).toHaveTextContent(/^185,925$/);
    await user.click(screen.getByRole('button', { name: /Xác nhận đặt lệnh/ }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/orderdetail'));
    const create = calls.find((call) => call.path === '/order/create');
    expect(create?.body).toEqual({ symbol: 'BTCUSDT', direction: 'down', amount: '100.5', period: 30 });
  });

  it('refuses an amount that reads two ways in Vietnamese ("1.000": one thousand or one) and says how to type it', async () => {
    const { calls } = api();
    window.localStorage.setItem('riskAccepted', '1');
    await act(() => changeLang('vn'));
    renderTrade();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const amount = await screen.findByLabelText('Số tiền (USDT)');
    await user.type(amount, '1.000');
    const submit = screen.getByRole('button', { name: /Xác nhận đặt lệnh/ });
    const message = '“1.000” có thể là 1000 hoặc 1. Hãy nhập lại, không dùng dấu “.”; phần thập phân dùng dấu “,”.';
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(message);
    expect(screen.getByTestId('trade-fee')).toHaveTextContent('--');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    await user.click(submit);
    expect(calls.some((call) => call.path === '/order/create')).toBe(false);
    // Either way of writing it without doubt is taken.
    await user.clear(amount);
    await user.type(amount, '1000');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '12.5');
    expect(screen.getByTestId('trade-fee')).toHaveTextContent(/^0,125$/);
  });

  it('computes the fee and the payout of each period, and shows the balance', async () => {
    api();
    renderTrade();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const amount = await screen.findByLabelText('Amount (USDT)');
    expect(await screen.findByText('1,000 USDT')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /30 s.*Pays 85%/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Min 10 · Max 1,000 USDT')).toBeInTheDocument();
    expect(screen.getByText(/equal prices return your stake; the fee is kept/)).toBeInTheDocument();

    await user.type(amount, '100');
    expect(screen.getByTestId('trade-fee')).toHaveTextContent('1');
    expect(screen.getByText('Fee (1%)')).toBeInTheDocument();
    expect(screen.getByTestId('trade-payout')).toHaveTextContent('185');
    expect(screen.getByText('101')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /60 s.*Pays 80%/ }));
    expect(screen.getByTestId('trade-payout')).toHaveTextContent('180');
    await user.clear(amount);
    await user.type(amount, '33.5');
    expect(screen.getByTestId('trade-fee')).toHaveTextContent('0.335');
    expect(screen.getByTestId('trade-payout')).toHaveTextContent('60.3');
  });

  it('previews the fee the server charges: rounded up to the micro-USDT (10.123457 at 1 % → 0.101235)', async () => {
    // apps/server order-detail.test.ts places the same order and is charged 0.101235.
    api();
    renderTrade();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(await screen.findByLabelText('Amount (USDT)'), '10.123457');
    expect(screen.getByTestId('trade-fee')).toHaveTextContent(/^0\.101235$/);
    expect(screen.getByText('10.224692')).toBeInTheDocument();
    // The win pays stake × 1.85 with the winnings rounded down, as settlement does.
    expect(screen.getByTestId('trade-payout')).toHaveTextContent(/^18\.728395$/);
  });

  it('labels the prices by the product’s source', async () => {
    api();
    const { unmount } = renderTrade();
    expect(await screen.findByText('Simulated prices')).toBeInTheDocument();
    unmount();

    api({ '/product/details': ok<Quote>({ ...BTC, source: 'live' }) });
    renderTrade();
    expect(await screen.findByText('Live exchange prices')).toBeInTheDocument();
    expect(screen.queryByText('Simulated prices')).not.toBeInTheDocument();
  });

  it("says 'Incorrect Amount' outside the period's min and max and sends nothing", async () => {
    const { calls } = api();
    renderTrade();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const amount = await screen.findByLabelText('Amount (USDT)');
    await user.type(amount, '5');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Incorrect Amount');
    await user.clear(amount);
    await user.type(amount, '1000.5');
    expect(screen.getByRole('alert')).toHaveTextContent('Incorrect Amount');
    await user.click(screen.getByRole('button', { name: /Confirm order/ }));
    expect(calls.some((call) => call.path === '/order/create')).toBe(false);
    await user.clear(amount);
    await user.type(amount, '1000');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks to accept the risk disclosure once, then sends the order with an Idempotency-Key', async () => {
    const { calls } = api();
    const first = renderTrade('down');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(await screen.findByLabelText('Amount (USDT)'), '100');
    await user.click(screen.getByRole('button', { name: /Confirm order · Buy fall/ }));
    expect(await screen.findByText('Risk disclosure')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the full risk disclosure' })).toHaveAttribute(
      'href',
      '/bz2?slug=risk-disclosure',
    );
    expect(calls.some((call) => call.path === '/order/create')).toBe(false);
    await user.click(screen.getByText('I understand and accept'));

    await waitFor(() => expect(first.router.state.location.pathname).toBe('/orderdetail'));
    expect(first.router.state.location.search).toBe('?id=o-1');
    const create = calls.find((call) => call.path === '/order/create');
    expect(create?.body).toEqual({ symbol: 'BTCUSDT', direction: 'down', amount: '100', period: 30 });
    expect(create?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(window.localStorage.getItem('riskAccepted')).toBe('1');
    first.unmount();

    const second = renderTrade('up');
    await user.type(await screen.findByLabelText('Amount (USDT)'), '50');
    await user.click(screen.getByRole('button', { name: /Confirm order · Buy rise/ }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/orderdetail'));
    expect(screen.queryByText('Risk disclosure')).not.toBeInTheDocument();
    const creates = calls.filter((call) => call.path === '/order/create');
    expect(creates).toHaveLength(2);
    expect(creates[1]?.headers.get('Idempotency-Key')).not.toBe(creates[0]?.headers.get('Idempotency-Key'));
  });

  it('disables the order with the reason when the balance is short, and sends nothing', async () => {
    const { calls } = api();
    window.localStorage.setItem('riskAccepted', '1');
    const view = renderTrade();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await screen.findByText('1,000 USDT');
    // 1,000 + the 1 % fee is more than the 1,000 available.
    await user.type(screen.getByLabelText('Amount (USDT)'), '1000');
    const submit = screen.getByRole('button', { name: /Confirm order/ });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Insufficient balance — Deposit');
    await user.click(submit);
    expect(calls.some((call) => call.path === '/order/create')).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Deposit' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/recharge'));
  });

  it.each([
    ['5', 'The minimum is 10 USDT'],
    ['1000.5', 'The maximum is 1,000 USDT'],
  ])('disables the order at %s with the reason, and keeps the min and max in sight', async (typed, reason) => {
    const { calls } = api();
    window.localStorage.setItem('riskAccepted', '1');
    renderTrade();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await screen.findByText('1,000 USDT');
    await user.type(screen.getByLabelText('Amount (USDT)'), typed);
    const submit = screen.getByRole('button', { name: /Confirm order/ });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(reason);
    await user.click(submit);
    expect(calls.some((call) => call.path === '/order/create')).toBe(false);
    // Once the field was left the message shows, and the range stays beside it.
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Incorrect Amount');
    expect(screen.getByText('Min 10 · Max 1,000 USDT')).toBeVisible();
    // A right amount opens the order again.
    await user.clear(screen.getByLabelText('Amount (USDT)'));
    await user.type(screen.getByLabelText('Amount (USDT)'), '100');
    expect(screen.getByRole('button', { name: /Confirm order/ })).toBeEnabled();
    expect(screen.queryByText(reason)).not.toBeInTheDocument();
  });

  it('offers a deposit when the server finds the balance short', async () => {
    api({
      '/order/create': fail(422, 4002, 'Insufficient balance'),
    });
    window.localStorage.setItem('riskAccepted', '1');
    const view = renderTrade();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(await screen.findByLabelText('Amount (USDT)'), '100');
    await user.click(screen.getByRole('button', { name: /Confirm order/ }));
    await user.click(await screen.findByText('Deposit'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/recharge'));
  });

  it('placed at once "waiting for entry": the detail says so until the entry tick comes on the socket, then shows it without a reload', async () => {
    setToken('user-token');
    window.localStorage.setItem('riskAccepted', '1');
    const placed = order({ id: 'o-9', direction: 'down', entry: null });
    const entered = order({
      id: 'o-9',
      direction: 'down',
      entry: { time: '2025-03-03T10:00:01.000Z', price: '64000.50' },
    });
    // What the server holds: no entry until the tick is recorded.
    let current = placed;
    const { calls } = api({
      '/order/create': ok<Order>(placed),
      '/order/detail': () => ok<Order>(current),
    });
    // The trade screen and the detail it opens, on one router and one cache, as in the app.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const router = createMemoryRouter(
      [
        { path: '/trade', element: <TradePage /> },
        { path: '/orderdetail', element: <OrderDetailPage /> },
      ],
      { initialEntries: ['/trade?symbol=BTCUSDT&direction=down'] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(await screen.findByLabelText('Amount (USDT)'), '100');
    await user.click(screen.getByRole('button', { name: /Confirm order · Buy fall/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orderdetail'));
    // The toast says the order is placed, and nothing of an entry price it does not have.
    expect(await screen.findByText('successfully ordered')).toBeInTheDocument();
    const opening = () => screen.getByText('Opening', { selector: 'dt' }).nextElementSibling;
    expect(await screen.findByTestId('order-awaiting-entry')).toHaveTextContent('Waiting for entry…');
    expect(opening()).not.toHaveTextContent('64,000.50');
    // The open order's card says the same where the entry price goes.
    expect(screen.getByText('Entry price').nextElementSibling).toHaveTextContent('Waiting for entry…');

    const socket = FakeSocket.instances.find((s) => s.readyState === 0)!;
    act(() => socket.open());
    await waitFor(() => expect(socket.sent).toContainEqual({ op: 'auth', token: 'user-token' }));
    const detailReads = calls.filter((call) => call.path === '/order/detail').length;
    current = entered;
    act(() => socket.push({ type: 'order', order: entered }));
    await waitFor(() => expect(opening()).toHaveTextContent('64,000.50 at Mar 3, 2025, 10:00:01 UTC'));
    expect(screen.queryByTestId('order-awaiting-entry')).not.toBeInTheDocument();
    expect(screen.getByText('Entry price').nextElementSibling).toHaveTextContent('64,000.50');
    // The socket's event did it: the order was not read again.
    expect(calls.filter((call) => call.path === '/order/detail')).toHaveLength(detailReads);
  });

  it('vn and zn say "waiting for entry" in their own words', async () => {
    for (const [lang, text] of [
      ['vn', 'Đang chờ giá vào lệnh…'],
      ['zn', '等待開倉價…'],
    ] as const) {
      await act(() => changeLang(lang));
      mockApi({
        '/order/detail': ok<Order>(order({ id: 'o-9', entry: null })),
        '/product/trunover': ok<Turnover>(TURNOVER),
      });
      const view = renderScreen(<OrderDetailPage />, { path: '/orderdetail', url: '/orderdetail?id=o-9' });
      expect(await screen.findByTestId('order-awaiting-entry')).toHaveTextContent(text);
      view.unmount();
    }
  });
});
