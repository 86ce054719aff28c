import type { PublicConfig } from '@app/contract/common';
import type { Deposit } from '@app/contract/wallet';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { CONFIG_REPLY, mockApi, ok, renderScreen, WALLET_RULES } from '../../../test/render';
import RechargePage from './recharge-page';

/** Bank deposits in the receiving account's currency (issue 12). */
const VND_CONFIG = ok<PublicConfig>({
  ...(CONFIG_REPLY.body as { data: PublicConfig }).data,
  wallet: { ...WALLET_RULES, bankAccount: { ...WALLET_RULES.bankAccount, currency: 'VND', rate: '25400' } },
});

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
    });
  });

  it('without a currency the page asks for USDT only, as before', async () => {
    mockApi({ '/common/config': CONFIG_REPLY });
    renderScreen(<RechargePage />, { path: '/recharge' });
    expect(await screen.findByText('Transfer to this account')).toBeTruthy();
    expect(screen.queryByLabelText(/Amount in/)).toBeNull();
  });
});
