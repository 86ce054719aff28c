import type { BalanceList } from '@app/contract/ledger';
import type { HeldOrder, Order, Quote, Turnover } from '@app/contract/markets';
import type { PracticeBalance } from '@app/contract/practice';
import type { UserProfile } from '@app/contract/users';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageBanner } from '../components/page-banner';
import OrderRecordsPage from '../features/markets/pages/order-records-page';
import TradePage from '../features/markets/pages/trade-page';
import { PracticeBar } from '../features/practice/components/practice-bar';
import { changeLang } from '../lib/i18n';
import { resetRealtimeClient } from '../lib/realtime';
import { TRADING_ACCOUNT_STORAGE_KEY } from '../lib/trading-account';
import { installFakeSocket, order, QUOTES, TURNOVER } from '../test/markets-fixtures';
import { BALANCES, fail, mockApi, ok, renderScreen, USER_PROFILE } from '../test/render';

/** Issue 14: the switch at the top of the trading screens, as the app composes it (router.tsx tradingPage). */
const BTC = QUOTES[3]!;
const NO_MONEY = { ...BALANCES, available: '0', total: '0' } satisfies BalanceList;
/** Never had a deposit confirmed, and no money. */
const NEW_USER = { ...USER_PROFILE, hasDeposited: false, balances: NO_MONEY } satisfies UserProfile;
/** Had a deposit confirmed, 1 000 USDT. */
const DEPOSITOR = { ...USER_PROFILE, hasDeposited: true, balances: BALANCES } satisfies UserProfile;
const PRACTICE = {
  currency: 'PUSDT',
  available: '10000',
  trading: '0',
  total: '10000',
  nextResetAt: null,
} satisfies PracticeBalance;

function api(profile: UserProfile, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/product/details': ok<Quote>(BTC),
    '/product/trunover': ok<Turnover>(TURNOVER),
    '/user/details': ok<UserProfile>(profile),
    '/user/balance_list': ok<BalanceList>(profile.balances),
    '/practice/balance': ok<PracticeBalance>(PRACTICE),
    '/order/create': ok<Order>(order({ account: 'practice' })),
    '/order/hold_list': ok<HeldOrder[]>([]),
    ...extra,
  });
}

const trade = () =>
  renderScreen(
    <PageBanner banner={<PracticeBar />}>
      <TradePage />
    </PageBanner>,
    { path: '/trade', url: '/trade?symbol=BTCUSDT&direction=up' },
  );

describe('the practice switch', () => {
  beforeEach(() => {
    installFakeSocket();
    window.localStorage.setItem('accessToken', 'token-1');
    window.localStorage.setItem('riskAccepted', '1');
  });
  afterEach(async () => {
    resetRealtimeClient();
    vi.unstubAllGlobals();
    await act(() => changeLang('en'));
  });

  it('puts a new user without a deposit in practice: the band, the practice balance, and practice orders', async () => {
    const { calls } = api(NEW_USER);
    trade();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const band = await screen.findByTestId('practice-band');
    expect(band).toHaveTextContent('Practice');
    expect(band).toHaveTextContent('Practice account: practice money, no real gain or loss');
    await waitFor(() => expect(within(band).getByTestId('practice-balance')).toHaveTextContent('10,000'));
    expect(screen.getByRole('button', { name: 'Practice' })).toHaveAttribute('aria-pressed', 'true');
    // The trade screen's balance is the practice one.
    expect(await screen.findByText('10,000 USDT')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount (USDT)'), '100');
    await user.click(screen.getByRole('button', { name: /Confirm order/ }));
    await waitFor(() => expect(calls.some((call) => call.path === '/order/create')).toBe(true));
    const create = calls.find((call) => call.path === '/order/create');
    expect(create?.body).toEqual({
      symbol: 'BTCUSDT',
      direction: 'up',
      amount: '100',
      period: 30,
      account: 'practice',
    });
  });

  it('switches to real, remembers it, and then sends the spec’s body unchanged', async () => {
    api(NEW_USER);
    trade();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await screen.findByTestId('practice-band');
    await user.click(screen.getByRole('button', { name: 'Real' }));
    expect(window.localStorage.getItem(TRADING_ACCOUNT_STORAGE_KEY)).toBe('real');
    expect(screen.queryByTestId('practice-band')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Real' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('0 USDT')).toBeInTheDocument();
  });

  it('keeps a funded user on real until they choose practice', async () => {
    api(DEPOSITOR);
    trade();
    expect(await screen.findByText('1,000 USDT')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Real' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByTestId('practice-band')).not.toBeInTheDocument();
  });

  it('decides by a deposit ever confirmed, not by the balance: money without one is practice, spent money stays real', async () => {
    // Money that came another way (a cashback, an adjustment) does not make a depositor.
    api({ ...NEW_USER, balances: BALANCES });
    const view = trade();
    expect(await screen.findByTestId('practice-band')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Practice' })).toHaveAttribute('aria-pressed', 'true');
    view.unmount();

    // A depositor who has spent it all is still on real.
    const { calls } = api({ ...DEPOSITOR, balances: NO_MONEY });
    trade();
    expect(await screen.findByText('0 USDT')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path === '/user/details')).toBe(true));
    expect(screen.getByRole('button', { name: 'Real' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByTestId('practice-band')).not.toBeInTheDocument();
    // Nothing was chosen: the device remembers no choice.
    expect(window.localStorage.getItem(TRADING_ACCOUNT_STORAGE_KEY)).toBeNull();
  });

  it('asks for practice positions on the records screen, and speaks Vietnamese and Chinese', async () => {
    window.localStorage.setItem(TRADING_ACCOUNT_STORAGE_KEY, 'practice');
    const { calls } = api(DEPOSITOR);
    await act(() => changeLang('vn'));
    const view = renderScreen(
      <PageBanner banner={<PracticeBar />}>
        <OrderRecordsPage />
      </PageBanner>,
      { path: '/orderrecord' },
    );
    const band = await screen.findByTestId('practice-band');
    expect(band).toHaveTextContent('Luyện tập');
    expect(band).toHaveTextContent('Tài khoản luyện tập: tiền luyện tập, không lãi lỗ thật');
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/order/hold_list')?.body).toEqual({ account: 'practice' }),
    );
    view.unmount();
    await act(() => changeLang('zn'));
    renderScreen(
      <PageBanner banner={<PracticeBar />}>
        <OrderRecordsPage />
      </PageBanner>,
      { path: '/orderrecord' },
    );
    expect(await screen.findByTestId('practice-band')).toHaveTextContent('練習帳戶：練習資金，不產生真實盈虧');
  });

  it('resets the practice balance, and shows the server’s refusal when it was reset today', async () => {
    window.localStorage.setItem(TRADING_ACCOUNT_STORAGE_KEY, 'practice');
    const { calls } = api(DEPOSITOR, {
      '/practice/balance': ok<PracticeBalance>({ ...PRACTICE, available: '120.5', total: '120.5' }),
      '/practice/reset': fail(422, 4281, 'The practice balance can be reset once a day; try again tomorrow'),
    });
    trade();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await waitFor(() => expect(screen.getByTestId('practice-balance')).toHaveTextContent('120.5'));
    await user.click(screen.getByRole('button', { name: 'Reset to 10,000' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/practice/reset')).toBe(true));
    expect(await screen.findByText('The practice balance can be reset once a day; try again tomorrow')).toBeVisible();
  });
});
