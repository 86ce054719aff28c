import type { PublicConfig } from '@app/contract/common';
import type { Deposit } from '@app/contract/wallet';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { CONFIG_REPLY, fail, mockApi, ok, renderScreen, WALLET_RULES } from '../../../test/render';
import RechargePage from './recharge-page';

/** Bank deposits in the receiving account's currency (issue 12). */
const VND_CONFIG = ok<PublicConfig>({
  ...(CONFIG_REPLY.body as { data: PublicConfig }).data,
  wallet: { ...WALLET_RULES, bankAccounts: [{ ...WALLET_RULES.bankAccounts[0]!, currency: 'VND', rate: '25400' }] },
});

const HANOI = {
  id: 'hanoi',
  bankName: 'Vietcombank',
  holderName: 'Vela Co',
  cardNumber: '0071000123456',
  branch: '',
  currency: 'VND',
  rate: '25400',
};
const TAIPEI = {
  id: 'taipei',
  bankName: 'CTBC Bank',
  holderName: 'Vela Ltd',
  cardNumber: '901540012345',
  branch: '',
  currency: 'TWD',
  rate: '32.15',
};
const accountsConfig = (bankAccounts: (typeof HANOI)[]) =>
  ok<PublicConfig>({
    ...(CONFIG_REPLY.body as { data: PublicConfig }).data,
    wallet: { ...WALLET_RULES, bankAccounts },
  });
/** Two receiving accounts: Vietcombank in VND, then CTBC in TWD. */
const TWO_ACCOUNTS = accountsConfig([HANOI, TAIPEI]);

const DEPOSIT: Deposit = {
  id: '9',
  method: 'bank',
  amount: '100',
  creditedAmount: null,
  txHash: null,
  hasProof: false,
  status: 'pending',
  rejectReason: null,
  createdAt: '2025-03-03T10:00:00Z',
  reviewedAt: null,
  fiatCurrency: 'VND',
  fiatRate: '25400',
  fiatAmount: '2540000',
  fiatReceived: null,
  bankAccount: null,
};

describe('bank deposit in the account currency (/recharge)', () => {
  afterEach(async () => {
    await act(() => changeLang('en'));
  });

  it('in Vietnamese both fields take the Vietnamese marks ("100,5" USDT, "1.270.000" VND) and the plain decimal is sent', async () => {
    const { calls } = mockApi({ '/common/config': VND_CONFIG, '/wallet/submit': ok<Deposit>(DEPOSIT) });
    await act(() => changeLang('vn'));
    renderScreen(<RechargePage />, { path: '/recharge' });
    const fiat = (await screen.findByLabelText('Số tiền bằng VND')) as HTMLInputElement;
    const usdt = screen.getByLabelText('Số tiền nạp') as HTMLInputElement;

    fireEvent.change(usdt, { target: { value: '100,5' } });
    // 100.5 × 25 400 = 2 552 700 VND.
    expect(fiat.value).toBe('2552700');
    expect(screen.getByText(/2\.552\.700/)).toBeTruthy();

    fireEvent.change(fiat, { target: { value: '1.270.000' } });
    expect(usdt.value).toBe('50');
    fireEvent.change(fiat, { target: { value: '1.270.500' } });
    // 1 270 500 / 25 400 = 50.019685… USDT, down to the micro-USDT, with the Vietnamese mark.
    expect(usdt.value).toBe('50,019685');
    expect(screen.getByText(/= 50,019685 USDT/)).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Gửi yêu cầu nạp' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/wallet/submit')).toBeTruthy());
    expect(calls.find((c) => c.path === '/wallet/submit')?.body).toMatchObject({
      method: 'bank',
      amount: '50.019685',
      rate: '25400',
    });
  });

  it('typing USDT fills the fiat, typing fiat fills USDT; both are shown and the rate is sent', async () => {
    const { calls } = mockApi({ '/common/config': VND_CONFIG, '/wallet/submit': ok<Deposit>(DEPOSIT) });
    renderScreen(<RechargePage />, { path: '/recharge' });
    const fiat = (await screen.findByLabelText('Amount in VND')) as HTMLInputElement;
    const usdt = screen.getByLabelText('Deposit amount') as HTMLInputElement;

    fireEvent.change(usdt, { target: { value: '100' } });
    expect(fiat.value).toBe('2540000');
    expect(screen.getByText('Transfer exactly')).toBeTruthy();
    expect(screen.getByText(/2,540,000/)).toBeTruthy();

    fireEvent.change(fiat, { target: { value: '1270000' } });
    expect(usdt.value).toBe('50');
    expect(fiat.value).toBe('1270000');
    expect(screen.getByText(/= 50 USDT at 1 USDT = /)).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit deposit' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/wallet/submit')).toBeTruthy());
    expect(calls.find((c) => c.path === '/wallet/submit')?.body).toMatchObject({
      method: 'bank',
      amount: '50',
      rate: '25400',
      bankAccountId: 'main',
    });
  });

  it('with several accounts the one in the language currency is preselected; choosing another locks its rate', async () => {
    await changeLang('zn');
    const { calls } = mockApi({ '/common/config': TWO_ACCOUNTS, '/wallet/submit': ok<Deposit>(DEPOSIT) });
    renderScreen(<RechargePage />, { path: '/recharge' });
    // Traditional Chinese: the TWD account.
    const twd = (await screen.findByLabelText('TWD 金額')) as HTMLInputElement;
    expect(screen.getByRole('radio', { name: /CTBC Bank · TWD/ })).toBeChecked();
    expect(screen.getByText('901540012345')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('充值金額'), { target: { value: '100' } });
    expect(twd.value).toBe('3215');

    // The user banks in Vietnam: the VND account, its figure and its number.
    fireEvent.click(screen.getByRole('radio', { name: /Vietcombank · VND/ }));
    const vnd = (await screen.findByLabelText('VND 金額')) as HTMLInputElement;
    expect(vnd.value).toBe('2540000');
    expect(screen.getByText('0071000123456')).toBeTruthy();
    expect(screen.queryByText('901540012345')).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: '提交充值' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/wallet/submit')).toBeTruthy());
    expect(calls.find((c) => c.path === '/wallet/submit')?.body).toMatchObject({
      method: 'bank',
      amount: '100',
      bankAccountId: 'hanoi',
      rate: '25400',
    });
  });

  it('Vietnamese preselects the VND account; English the first', async () => {
    await changeLang('vn');
    mockApi({ '/common/config': TWO_ACCOUNTS });
    const first = renderScreen(<RechargePage />, { path: '/recharge' });
    expect(await screen.findByRole('radio', { name: /Vietcombank · VND/ })).toBeChecked();
    first.unmount();
    await changeLang('en');
    mockApi({ '/common/config': accountsConfig([TAIPEI, HANOI]) });
    renderScreen(<RechargePage />, { path: '/recharge' });
    expect(await screen.findByRole('radio', { name: /CTBC Bank · TWD/ })).toBeChecked();
  });

  it('an account finance removed meanwhile: the message shows and the accounts are read again', async () => {
    const { calls } = mockApi({
      '/common/config': TWO_ACCOUNTS,
      '/wallet/submit': fail(409, 4019, 'This receiving account is no longer offered, please choose an account again'),
    });
    renderScreen(<RechargePage />, { path: '/recharge' });
    fireEvent.change(await screen.findByLabelText('Deposit amount'), { target: { value: '100' } });
    const configCalls = () => calls.filter((c) => c.path === '/common/config').length;
    const before = configCalls();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(
      await screen.findByText('This receiving account is no longer offered, please choose an account again'),
    ).toBeTruthy();
    await waitFor(() => expect(configCalls()).toBeGreaterThan(before));
  });

  it('without a currency the page asks for USDT only, as before', async () => {
    mockApi({ '/common/config': CONFIG_REPLY });
    renderScreen(<RechargePage />, { path: '/recharge' });
    expect(await screen.findByText('Transfer to this account')).toBeTruthy();
    expect(screen.queryByLabelText(/Amount in/)).toBeNull();
  });
});
