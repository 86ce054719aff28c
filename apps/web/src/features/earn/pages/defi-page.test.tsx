import type { FlexibleMyOrder, FlexibleOrder } from '@app/contract/flexible-earn';
import type { UserProfile } from '@app/contract/users';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { fail, mockApi, ok, renderScreen, USER_PROFILE } from '../../../test/render';
import DefiPage from './defi-page';

const HISTORY = {
  list: [
    {
      id: 'i7',
      type: 'interest',
      amount: '0.1',
      day: '2025-03-02',
      lowestBalance: '500',
      dailyRatePercent: '0.02',
      createdAt: '2025-03-03T00:00:10Z',
    },
    {
      id: 'o2',
      type: 'redeem',
      amount: '300',
      day: null,
      lowestBalance: null,
      dailyRatePercent: null,
      createdAt: '2025-03-01T10:00:00Z',
    },
    {
      id: 'o1',
      type: 'subscribe',
      amount: '800',
      day: null,
      lowestBalance: null,
      dailyRatePercent: null,
      createdAt: '2025-03-01T09:00:00Z',
    },
  ],
  total: 3,
  page: 1,
  pageSize: 20,
} satisfies FlexibleMyOrder['history'];

const MY_ORDER = {
  currency: 'USDT',
  held: '500',
  yesterdayProfit: '0.1',
  totalProfit: '1.25',
  dailyRatePercent: '0.02',
  nextDailyRatePercent: '0.03',
  nextRateFrom: '2025-03-05',
  available: '250',
  subscribeMin: '1',
  platformTimeZone: 'Asia/Ho_Chi_Minh',
  history: HISTORY,
} satisfies FlexibleMyOrder;

function api(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/user/details': ok<UserProfile>(USER_PROFILE),
    '/Defi/myOrder': ok<FlexibleMyOrder>(MY_ORDER),
    ...overrides,
  });
}

async function openSheet(name: 'Subscribe' | 'Redeem') {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  await screen.findByTestId('defi-held');
  await user.click(screen.getByRole('button', { name }));
  return user;
}

async function passwordSheet(title: string) {
  const button = await screen.findByRole('button', { name: 'Payment password' });
  const sheet = button.closest('.adm-popup-body') as HTMLElement;
  expect(within(sheet).getByRole('heading', { name: title })).toBeInTheDocument();
  expect(sheet).toHaveClass('sheet');
  await waitFor(() => expect(sheet).toHaveClass('sheet--keypad'));
  return sheet;
}

describe('/defi', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => changeLang('en'));
  });

  it('shows held, profits, the rate, the lowest-balance rule and the history', async () => {
    api();
    renderScreen(<DefiPage />, { path: '/defi' });
    expect(await screen.findByTestId('defi-held')).toHaveTextContent('500');
    expect(screen.getByText('0.1')).toBeInTheDocument();
    expect(screen.getByText('1.25')).toBeInTheDocument();
    expect(screen.getByText('0.02%')).toBeInTheDocument();
    expect(screen.getByText(/interest on the lowest amount you held through that day/)).toHaveTextContent(
      // Paid at 00:00 in Ho Chi Minh City: 17:00 for this device (UTC), in the device's zone, named.
      'paid to your available balance at 17:00 (UTC)',
    );
    expect(screen.getByText('From Mar 5, 2025: 0.03% a day')).toBeInTheDocument();
    expect(screen.getByText(/no wallet connection or approval/)).toBeInTheDocument();
    expect(await screen.findByText('For Mar 2, 2025 · lowest 500 USDT at 0.02%')).toBeInTheDocument();
    expect(screen.getByText('Redemption')).toBeInTheDocument();
    expect(screen.getByText('-300')).toBeInTheDocument();
    expect(screen.getByText('+800')).toBeInTheDocument();
  });

  it('shows the APR beside the daily rate, as locked earn does (simple interest, 365 days), in each language', async () => {
    api({ '/Defi/myOrder': ok<FlexibleMyOrder>({ ...MY_ORDER, dailyRatePercent: '0.035' }) });
    renderScreen(<DefiPage />, { path: '/defi' });
    await screen.findByTestId('defi-held');
    const rate = screen.getByText('Daily rate').nextElementSibling;
    // 0.035 % a day × 365 = 12.775 % a year.
    expect(rate).toHaveTextContent(/^0\.035%APR 12\.775%$/);
    await act(() => changeLang('vn'));
    expect(screen.getByText('Lãi suất ngày').nextElementSibling).toHaveTextContent(/^0,035%Lãi suất năm 12,775%$/);
    await act(() => changeLang('zn'));
    expect(screen.getByText('日利率').nextElementSibling).toHaveTextContent(/^0\.035%年化 12\.775%$/);
  });

  it("checks the amount before calling: 'Incorrect Amount', the minimum and the available balance", async () => {
    const { calls } = api();
    renderScreen(<DefiPage />, { path: '/defi' });
    const user = await openSheet('Subscribe');
    const field = await screen.findByLabelText('Amount');
    const submit = screen.getByRole('button', { name: 'Next' });
    for (const [amount, message] of [
      ['1.1234567', 'Incorrect Amount'],
      ['0.5', 'The minimum subscription is 1 USDT'],
      ['250.01', 'The amount is more than your available balance'],
    ] as const) {
      await user.clear(field);
      await user.type(field, amount);
      await user.click(submit);
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(calls.filter((call) => call.path === '/Defi/orderMoney')).toHaveLength(0);
    // The payment password is asked for only once the amount is right.
    expect(screen.queryByRole('button', { name: 'Payment password' })).not.toBeInTheDocument();
  });

  it('subscribes with the payment password and an idempotency key, then refreshes the totals', async () => {
    let held = '500';
    const { calls } = api({
      '/Defi/myOrder': () => ok<FlexibleMyOrder>({ ...MY_ORDER, held }),
      '/Defi/orderMoney': () => {
        held = '600';
        return ok<FlexibleOrder>({
          id: '3',
          action: 'subscribe',
          amount: '100',
          heldAfter: '600',
          createdAt: '2025-03-03T10:00:00Z',
        });
      },
    });
    renderScreen(<DefiPage />, { path: '/defi' });
    const user = await openSheet('Subscribe');
    await user.type(await screen.findByLabelText('Amount'), '100');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Then the one payment password sheet: what it confirms, the cells above the number pad.
    const sheet = await passwordSheet('Subscribe to flexible earn');
    expect(within(sheet).getByText('100 USDT')).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Confirm subscription' })).toBeInTheDocument();
    await user.keyboard('123456');
    expect(await screen.findByText('Submitted Success')).toBeInTheDocument();
    const call = calls.find((item) => item.path === '/Defi/orderMoney');
    expect(call?.body).toEqual({ action: 'subscribe', amount: '100', payPassword: '123456' });
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    await waitFor(() => expect(screen.getByTestId('defi-held')).toHaveTextContent('600'));
  });

  it("redeems up to what is held; the server's wrong-password message stays in the sheet", async () => {
    api({
      '/Defi/orderMoney': fail(422, 2009, 'The payment password is incorrect'),
    });
    renderScreen(<DefiPage />, { path: '/defi' });
    const user = await openSheet('Redeem');
    expect(screen.getByText('Held: 500 USDT')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByLabelText('Amount')).toHaveValue('500');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const sheet = await passwordSheet('Redeem from flexible earn');
    await user.keyboard('654321');
    expect(await screen.findByText('The payment password is incorrect')).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Confirm redemption' })).toBeInTheDocument();
    expect(sheet.querySelectorAll('.adm-passcode-input-cell-dot')).toHaveLength(0);
  });

  it("goes back to the amount, kept, with the server's refusal under it", async () => {
    const { calls } = api({
      '/Defi/orderMoney': fail(422, 4002, 'Insufficient balance'),
    });
    renderScreen(<DefiPage />, { path: '/defi' });
    const user = await openSheet('Subscribe');
    await user.type(await screen.findByLabelText('Amount'), '200.5');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await passwordSheet('Subscribe to flexible earn');
    await user.keyboard('123456');
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    expect(await screen.findByLabelText('Amount')).toHaveValue('200.5');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Payment password' })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.path === '/Defi/orderMoney')).toHaveLength(1);
  });

  it('takes the amount with the Vietnamese decimal mark and sends the plain decimal', async () => {
    const { calls } = api({
      '/Defi/orderMoney': ok<FlexibleOrder>({
        id: '4',
        action: 'subscribe',
        amount: '100.5',
        heldAfter: '600.5',
        createdAt: '2025-03-03T10:00:00Z',
      }),
    });
    await act(() => changeLang('vn'));
    renderScreen(<DefiPage />, { path: '/defi' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await screen.findByTestId('defi-held');
    await user.click(screen.getByRole('button', { name: 'Gửi vào' }));
    await user.type(await screen.findByLabelText('Số tiền'), '100,5');
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    await screen.findByText('100,5 USDT');
    await user.keyboard('123456');
    await waitFor(() => expect(calls.find((call) => call.path === '/Defi/orderMoney')).toBeTruthy());
    expect(calls.find((call) => call.path === '/Defi/orderMoney')?.body).toEqual({
      action: 'subscribe',
      amount: '100.5',
      payPassword: '123456',
    });
  });
});
