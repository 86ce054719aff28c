import type { PublicConfig } from '@app/contract/common';
import type { BalanceList } from '@app/contract/ledger';
import type { UserProfile } from '@app/contract/users';
import type { BankCard, WalletAddress, Withdrawal } from '@app/contract/wallet';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import {
  BALANCES,
  CONFIG_REPLY,
  fail,
  mockApi,
  ok,
  renderScreen,
  USER_PROFILE,
  WALLET_RULES,
} from '../../../test/render';
import WithdrawPage from './withdraw-page';

const CARD = {
  bankName: 'Example Bank',
  holderName: 'Alice',
  cardNumber: '**** **** **** 4321',
  branch: 'Central',
  city: 'Taipei',
  province: 'Taiwan',
  remark: null,
  updatedAt: '2025-03-02T10:00:00Z',
  currency: null,
  boundAt: '2025-03-02T10:00:00Z',
  usableAt: null as string | null,
} satisfies BankCard;

const WITHDRAWAL = {
  id: '9',
  method: 'bank',
  amount: '100',
  fee: '2',
  netAmount: '98',
  destination: CARD.cardNumber,
  status: 'pending',
  result: 'processing',
  rejectReason: null,
  createdAt: '2025-03-03T10:00:00Z',
  completedAt: null,
  payoutReference: null,
  payoutUrl: null,
  fiatCurrency: null,
  fiatRate: null,
  fiatAmount: null,
} satisfies Withdrawal;

function api(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/common/config': CONFIG_REPLY,
    '/user/details': ok<UserProfile>(USER_PROFILE),
    '/user/balance_list': ok<BalanceList>(BALANCES),
    '/user/bank_card': ok<BankCard | null>(CARD),
    '/user/getUserWallets': ok<WalletAddress[]>([]),
    ...overrides,
  });
}

async function enterAmount(amount: string) {
  // The sheet ignores the pointer while it slides in; a user's tap comes after that.
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  const field = await screen.findByLabelText('Withdrawal amount');
  await user.clear(field);
  await user.type(field, amount);
  return user;
}

describe('withdraw', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => changeLang('en'));
  });

  it('takes the amount with the Vietnamese decimal mark, previews it in Vietnamese and sends the plain decimal', async () => {
    const { calls } = api({ '/wallet/bankWithdrawal': ok<Withdrawal>(WITHDRAWAL) });
    await act(() => changeLang('vn'));
    renderScreen(<WithdrawPage />, { path: '/withdraw' });
    await screen.findByText('**** **** **** 4321');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const field = await screen.findByLabelText('Số tiền rút');
    await user.type(field, '150,5');
    // 1 + 1 % of 150.5 = 2.505; 150.5 − 2.505 = 147.995.
    expect(screen.getByText('2,505 USDT')).toBeInTheDocument();
    expect(screen.getByText('147,995 USDT')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rút tiền' }));
    await screen.findByRole('heading', { name: 'Xác nhận rút tiền' });
    expect(screen.getByText('150,5 USDT')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mật khẩu thanh toán' }));
    await user.keyboard('123456');
    await waitFor(() => expect(calls.find((item) => item.path === '/wallet/bankWithdrawal')).toBeTruthy());
    expect(calls.find((item) => item.path === '/wallet/bankWithdrawal')?.body).toEqual({
      amount: '150.5',
      payPassword: '123456',
    });
  });

  it('"All" fills in the balance with the Vietnamese decimal mark; "1.000" is refused as unclear, not read as 1', async () => {
    const { calls } = api({
      '/user/balance_list': ok<BalanceList>({ ...BALANCES, available: '1000.5' }),
    });
    await act(() => changeLang('vn'));
    renderScreen(<WithdrawPage />, { path: '/withdraw' });
    await screen.findByText('**** **** **** 4321');
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const field = await screen.findByLabelText('Số tiền rút');
    await user.click(await screen.findByRole('button', { name: 'Tất cả' }));
    expect(field).toHaveValue('1000,5');
    await user.clear(field);
    await user.type(field, '1.000');
    await user.click(screen.getByRole('button', { name: 'Rút tiền' }));
    expect(
      await screen.findByText(
        '“1.000” có thể là 1000 hoặc 1. Hãy nhập lại, không dùng dấu “.”; phần thập phân dùng dấu “,”.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Xác nhận rút tiền' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/wallet/'))).toHaveLength(0);
  });

  it('previews the fee (1 USDT + 1 %, rounded up) and the net amount as the amount is typed', async () => {
    api();
    renderScreen(<WithdrawPage />, { path: '/withdraw' });
    await screen.findByText('Fee: 1 USDT + 1% of the amount', { exact: false });
    await enterAmount('150.5');
    expect(screen.getByText('2.505 USDT')).toBeInTheDocument();
    expect(screen.getByText('147.995 USDT')).toBeInTheDocument();
    await enterAmount('1000');
    expect(screen.getByText('11 USDT')).toBeInTheDocument();
    expect(screen.getByText('989 USDT')).toBeInTheDocument();
  });

  /** The platform's VND account (Hanoi) and TWD account (Taipei), each with its rate. */
  const FX_CONFIG = ok<PublicConfig>({
    ...(CONFIG_REPLY.body as { data: PublicConfig }).data,
    wallet: {
      ...WALLET_RULES,
      bankAccounts: [
        { ...WALLET_RULES.bankAccounts[0]!, id: 'hanoi', currency: 'VND', rate: '25400' },
        { ...WALLET_RULES.bankAccounts[0]!, id: 'taipei', currency: 'TWD', rate: '32.15' },
      ],
    },
  });

  it("shows what arrives in the card bank's currency: the net amount at that account's rate, sent to be locked", async () => {
    const { calls } = api({
      '/common/config': FX_CONFIG,
      '/user/bank_card': ok<BankCard>({ ...CARD, currency: 'VND' }),
      '/wallet/bankWithdrawal': ok<Withdrawal>(WITHDRAWAL),
    });
    renderScreen(<WithdrawPage />, { path: '/withdraw' });
    expect(await screen.findByText('Arrives in your bank (VND)')).toBeInTheDocument();
    const user = await enterAmount('1000');
    // 1000 − 11 fee = 989 USDT × 25 400 = 25 120 600 VND.
    expect(screen.getByText('989 USDT')).toBeInTheDocument();
    expect(screen.getByText(/25,120,600/)).toBeInTheDocument();
    // The last look before the password says it too.
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const sheet = (await screen.findByRole('heading', { name: 'Confirm withdrawal' })).closest('form')!;
    expect(within(sheet).getByText('Arrives in your bank (VND)')).toBeInTheDocument();
    expect(within(sheet).getByText(/25,120,600/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Payment password' }));
    await user.keyboard('123456');
    await waitFor(() => expect(calls.filter((c) => c.path === '/wallet/bankWithdrawal')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/wallet/bankWithdrawal')?.body).toMatchObject({
      amount: '1000',
      rate: '25400',
    });
  });

  it('a TWD card arrives in TWD at the TWD account rate', async () => {
    api({ '/common/config': FX_CONFIG, '/user/bank_card': ok<BankCard>({ ...CARD, currency: 'TWD' }) });
    renderScreen(<WithdrawPage />, { path: '/withdraw' });
    expect(await screen.findByText('Arrives in your bank (TWD)')).toBeInTheDocument();
    await enterAmount('1000');
    // 989 × 32.15 = 31 796.35 TWD.
    expect(screen.getByText(/31,796\.35/)).toBeInTheDocument();
  });

  it('a card whose bank has no currency (or none the platform holds) shows USDT only and sends no rate', async () => {
    const { calls } = api({ '/common/config': FX_CONFIG, '/wallet/bankWithdrawal': ok<Withdrawal>(WITHDRAWAL) });
    renderScreen(<WithdrawPage />, { path: '/withdraw' });
    await screen.findByText('**** **** **** 4321');
    const user = await enterAmount('100');
    expect(screen.queryByText(/Arrives in your bank/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await user.click(await screen.findByRole('button', { name: 'Payment password' }));
    await user.keyboard('123456');
    await waitFor(() => expect(calls.filter((c) => c.path === '/wallet/bankWithdrawal')).toHaveLength(1));
    expect(calls.find((c) => c.path === '/wallet/bankWithdrawal')?.body).not.toHaveProperty('rate');
  });

  it.each(['1.1234567', '0'])("says 'Incorrect Amount' for %s and calls nothing", async (amount) => {
    const { calls } = api();
    renderScreen(<WithdrawPage />, { path: '/withdraw' });
    await screen.findByText('**** **** **** 4321');
    const user = await enterAmount(amount);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Incorrect Amount')).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/wallet/'))).toHaveLength(0);
  });

  it('offers to bind a card when none is bound', async () => {
    api({ '/user/bank_card': ok<BankCard | null>(null) });
    renderScreen(<WithdrawPage />, { path: '/withdraw' });
    expect(await screen.findByText('No bank card bound yet. Bind one to withdraw to your bank.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bind bank card' })).toHaveAttribute(
      'href',
      '/bindBankCard?redirect=/withdraw',
    );
  });

  it("shows the server's no-card message with a way to bind one", async () => {
    api({
      '/wallet/bankWithdrawal': fail(422, 4003, 'Unknown Bank Card, Please Enter The Bank Card First!'),
    });
    renderScreen(<WithdrawPage />, { path: '/withdraw' });
    await screen.findByText('**** **** **** 4321');
    const user = await enterAmount('100');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await user.click(await screen.findByRole('button', { name: 'Payment password' }));
    await user.keyboard('123456');
    const message = await screen.findByText('Unknown Bank Card, Please Enter The Bank Card First!');
    const dialog = message.closest('.adm-center-popup-wrap') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: 'Bind bank card' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/bindBankCard?redirect=/withdraw'));
  });

  it('withdraws with the payment password and an idempotency key, then says it was submitted (not paid)', async () => {
    const { calls } = api({ '/wallet/bankWithdrawal': ok<Withdrawal>(WITHDRAWAL) });
    renderScreen(<WithdrawPage />, { path: '/withdraw' });
    await screen.findByText('**** **** **** 4321');
    const user = await enterAmount('100');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const sheet = await screen.findByRole('heading', { name: 'Confirm withdrawal' });
    expect(sheet).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Payment password' }));
    await user.keyboard('123456');
    // The request is only submitted: 'Successful Withdrawal' is for when an operator has paid it.
    expect(await screen.findByText('Withdrawal request submitted')).toBeInTheDocument();
    expect(screen.queryByText('Successful Withdrawal')).toBeNull();
    const call = calls.find((item) => item.path === '/wallet/bankWithdrawal');
    expect(call?.body).toEqual({ amount: '100', payPassword: '123456' });
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/withdrawrecord'));
  });

  it('with two-factor on, the same sheet asks the authenticator code after the payment password and sends both', async () => {
    let tries = 0;
    const { calls } = api({
      '/user/details': ok<UserProfile>({ ...USER_PROFILE, twoFactorEnabled: true }),
      '/wallet/bankWithdrawal': () =>
        ++tries === 1 ? fail(422, 2102, 'The verification code is not correct') : ok<Withdrawal>(WITHDRAWAL),
    });
    // Signed in: the profile (which says two-factor is on) is read.
    window.localStorage.setItem('accessToken', 'tok');
    renderScreen(<WithdrawPage />, { path: '/withdraw' });
    await screen.findByText('**** **** **** 4321');
    await waitFor(() => expect(calls.some((item) => item.path === '/user/details')).toBe(true));
    const user = await enterAmount('100');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await user.click(await screen.findByRole('button', { name: 'Payment password' }));
    await user.keyboard('123456');
    // Nothing is sent before the code.
    expect(calls.filter((item) => item.path === '/wallet/bankWithdrawal')).toHaveLength(0);
    expect(await screen.findByText('From your authenticator app; each code works once.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Authenticator code (6 digits)' }));
    await user.keyboard('111111');
    // A wrong code stays in the sheet, for another try with the payment password kept.
    expect(await screen.findByText('The verification code is not correct')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Authenticator code (6 digits)' }));
    await user.keyboard('222222');
    expect(await screen.findByText('Withdrawal request submitted')).toBeInTheDocument();
    const sent = calls.filter((item) => item.path === '/wallet/bankWithdrawal').map((item) => item.body);
    expect(sent).toEqual([
      { amount: '100', payPassword: '123456', twoFactorCode: '111111' },
      { amount: '100', payPassword: '123456', twoFactorCode: '222222' },
    ]);
    window.localStorage.removeItem('accessToken');
  });

  it('when the server asks a code the profile did not know of, the sheet turns to the code step', async () => {
    let tries = 0;
    const { calls } = api({
      '/wallet/bankWithdrawal': () =>
        ++tries === 1 ? fail(422, 2101, 'Enter the code from your authenticator app') : ok<Withdrawal>(WITHDRAWAL),
    });
    renderScreen(<WithdrawPage />, { path: '/withdraw' });
    await screen.findByText('**** **** **** 4321');
    const user = await enterAmount('100');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await user.click(await screen.findByRole('button', { name: 'Payment password' }));
    await user.keyboard('123456');
    expect(await screen.findByText('Enter the code from your authenticator app')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Authenticator code (6 digits)' }));
    await user.keyboard('333333');
    expect(await screen.findByText('Withdrawal request submitted')).toBeInTheDocument();
    expect(calls.filter((item) => item.path === '/wallet/bankWithdrawal').map((item) => item.body)).toEqual([
      { amount: '100', payPassword: '123456' },
      { amount: '100', payPassword: '123456', twoFactorCode: '333333' },
    ]);
  });
});
