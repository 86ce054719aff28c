import type { Deposit, RechargeAddress } from '@app/contract/wallet';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFIG_REPLY, mockApi, ok, renderScreen } from '../../../test/render';
import RechargeAddressPage from './recharge-address-page';

const ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const TX_HASH = 'a'.repeat(64);

describe('deposit to an address (/recharge2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the TRC20 address, its QR code and the minimum', async () => {
    const { calls } = mockApi({
      '/common/config': CONFIG_REPLY,
      '/wallet/getRechargeAddress': ok<RechargeAddress>({ address: ADDRESS, network: 'TRC20', minAmount: '10' }),
    });
    renderScreen(<RechargeAddressPage />, { path: '/recharge2' });
    expect(await screen.findByText(ADDRESS)).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: 'QR code of the deposit address' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(screen.getByText('Minimum deposit: 10 USDT')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save QR code' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/wallet/getRechargeAddress')?.body).toEqual({ network: 'TRC20' });
  });

  it('submits the amount from /recharge with the transaction hash, once per attempt', async () => {
    const { calls } = mockApi({
      '/common/config': CONFIG_REPLY,
      '/wallet/getRechargeAddress': ok<RechargeAddress>({ address: ADDRESS, network: 'TRC20', minAmount: '10' }),
      '/wallet/submit': ok<Deposit>({
        id: '5',
        method: 'trc20',
        amount: '250',
        creditedAmount: null,
        txHash: TX_HASH,
        hasProof: false,
        status: 'pending',
        rejectReason: null,
        createdAt: '2025-03-03T10:00:00Z',
        reviewedAt: null,
        fiatCurrency: null,
        fiatRate: null,
        fiatAmount: null,
        fiatReceived: null,
        bankAccount: null,
      }),
    });
    renderScreen(<RechargeAddressPage />, { path: '/recharge2', url: '/recharge2?amount=250' });
    const user = userEvent.setup();
    await screen.findByText(ADDRESS);
    expect(screen.getByLabelText('Deposit amount')).toHaveValue('250');
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText('Please enter the transaction hash')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Transaction hash (TxID)'), TX_HASH);
    await user.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText('Submitted Success')).toBeInTheDocument();
    const call = calls.find((item) => item.path === '/wallet/submit');
    expect(call?.body).toEqual({ method: 'trc20', amount: '250', txHash: TX_HASH });
    expect(call?.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/depositrecord'));
  });
});
