import type { BalanceList } from '@app/contract/ledger';
import type { UserProfile } from '@app/contract/users';
import type { BankCard, WalletAddress, WithdrawProtection } from '@app/contract/wallet';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/time';
import { BALANCES, CONFIG_REPLY, fail, mockApi, ok, renderScreen, USER_PROFILE } from '../../../test/render';
import WithdrawPage from './withdraw-page';

/** Issue 14: a card or address still in its cooldown, and the "withdraw protection" switch, on /withdraw. */
const NOW = Date.parse('2026-03-02T10:00:00Z');
const USABLE_AT = '2026-03-02T15:30:00.000Z';
const HOUR = 3_600_000;

const CARD = {
  bankName: 'Example Bank',
  holderName: 'Alice',
  cardNumber: '**** **** **** 4321',
  branch: 'Central',
  city: 'Taipei',
  province: 'Taiwan',
  remark: null,
  updatedAt: '2026-03-02T09:30:00Z',
  currency: null,
  boundAt: '2026-03-01T15:30:00.000Z',
  usableAt: USABLE_AT as string | null,
} satisfies BankCard;

const PROTECTION: WithdrawProtection = { isOn: true, cooldownHours: 24, lockedUntil: null };

function api(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/common/config': CONFIG_REPLY,
    '/user/details': ok<UserProfile>(USER_PROFILE),
    '/user/balance_list': ok<BalanceList>(BALANCES),
    '/user/bank_card': ok<BankCard | null>(CARD),
    '/user/getUserWallets': ok<WalletAddress[]>([]),
    '/user/withdraw_protection': ok<WithdrawProtection>(PROTECTION),
    ...overrides,
  });
}

describe('withdraw: the cooldown of a new destination', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    await act(() => changeLang('en'));
  });

  it('shows the time left and the local time the card becomes usable', async () => {
    api();
    renderScreen(<WithdrawPage />, { path: '/withdraw' });
    expect(await screen.findByText('Bound recently: it can receive withdrawals in 5 h 30 min.')).toBeInTheDocument();
    expect(screen.getByText(`Usable from ${formatDateTime(USABLE_AT)}`)).toBeInTheDocument();
  });

  it('says it in Vietnamese and Chinese too', async () => {
    api();
    await act(() => changeLang('vn'));
    const { unmount } = renderScreen(<WithdrawPage />, { path: '/withdraw' });
    expect(await screen.findByText('Vừa liên kết: có thể nhận tiền rút sau 5 giờ 30 phút.')).toBeInTheDocument();
    unmount();
    await act(() => changeLang('zn'));
    renderScreen(<WithdrawPage />, { path: '/withdraw' });
    expect(await screen.findByText('剛綁定：5 小時 30 分鐘後才可接收提現。')).toBeInTheDocument();
  });

  it('shows nothing for a card past its cooldown; an address in its cooldown shows when chosen', async () => {
    const address = {
      id: '7',
      network: 'TRC20',
      address: 'TXYZ1234567890abcdefghijklmnopqrst',
      label: null,
      createdAt: '2026-03-02T09:50:00Z',
      boundAt: '2026-03-02T09:50:00Z',
      usableAt: new Date(NOW + 23 * HOUR + 50 * 60_000).toISOString(),
    } satisfies WalletAddress;
    api({
      '/user/bank_card': ok<BankCard>({ ...CARD, usableAt: null }),
      '/user/getUserWallets': ok<WalletAddress[]>([address]),
    });
    renderScreen(<WithdrawPage />, { path: '/withdraw' });
    await screen.findByText('**** **** **** 4321');
    expect(screen.queryByText(/Bound recently/)).not.toBeInTheDocument();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByRole('button', { name: 'USDT (TRC20)' }));
    expect(await screen.findByText('Bound recently: it can receive withdrawals in 23 h 50 min.')).toBeInTheDocument();
  });

  it("shows the server's refusal and reads the destinations again", async () => {
    const { calls } = api({
      '/wallet/bankWithdrawal': fail(
        422,
        4020,
        'This card or address was bound recently and can receive withdrawals from 2026-03-02 15:30 UTC',
      ),
    });
    renderScreen(<WithdrawPage />, { path: '/withdraw' });
    await screen.findByText('**** **** **** 4321');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.type(await screen.findByLabelText('Withdrawal amount'), '100');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await user.click(await screen.findByRole('button', { name: 'Payment password' }));
    await user.keyboard('123456');
    expect(
      await screen.findByText(
        'This card or address was bound recently and can receive withdrawals from 2026-03-02 15:30 UTC',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.path === '/user/bank_card').length).toBeGreaterThan(1));
  });
});

describe('withdraw: the protection switch', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => changeLang('en'));
  });

  it('is on by default; turning it off takes the payment password and says so', async () => {
    const { calls } = api({
      '/user/set_withdraw_protection': ok<WithdrawProtection>({ ...PROTECTION, isOn: false }),
    });
    renderScreen(<WithdrawPage />, { path: '/withdraw' });
    const toggle = await screen.findByRole('switch', { name: 'Withdrawal protection' });
    expect(toggle).toBeChecked();
    expect(
      screen.getByText('On: withdrawals go only to cards and addresses bound more than 24 h ago.'),
    ).toBeInTheDocument();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(toggle);
    const sheet = (await screen.findByRole('heading', { name: 'Turn off withdrawal protection' })).closest(
      'form',
    ) as HTMLElement;
    await user.click(within(sheet).getByRole('button', { name: 'Payment password' }));
    await user.keyboard('123456');
    expect(await screen.findByText('Withdrawal protection is off')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/user/set_withdraw_protection')?.body).toEqual({
      isOn: false,
      payPassword: '123456',
    });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Withdrawal protection' })).not.toBeChecked());
  });

  it('says from when it can be turned off after a recent security change, and shows the refusal', async () => {
    const lockedUntil = '2026-03-03T08:00:00.000Z';
    api({
      '/user/withdraw_protection': ok<WithdrawProtection>({ ...PROTECTION, lockedUntil }),
      '/user/set_withdraw_protection': fail(
        422,
        4021,
        'Your password or verification changed recently; this protection can be turned off from 2026-03-03 08:00 UTC',
      ),
    });
    renderScreen(<WithdrawPage />, { path: '/withdraw' });
    expect(
      await screen.findByText(
        `Your password or verification changed recently: this can be turned off from ${formatDateTime(lockedUntil)}.`,
      ),
    ).toBeInTheDocument();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByRole('switch', { name: 'Withdrawal protection' }));
    const sheet = (await screen.findByRole('heading', { name: 'Turn off withdrawal protection' })).closest(
      'form',
    ) as HTMLElement;
    await user.click(within(sheet).getByRole('button', { name: 'Payment password' }));
    await user.keyboard('123456');
    expect(
      await screen.findByText(
        'Your password or verification changed recently; this protection can be turned off from 2026-03-03 08:00 UTC',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Withdrawal protection' })).toBeChecked();
  });
});
