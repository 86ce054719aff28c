import type { AdminProfile } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import { DEFAULT_REFERRAL_SETTINGS } from '@app/contract/referral';
import type { AdminDeposit, AdminSettings, AdminWithdrawal } from '@app/contract/wallet';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { STRINGS } from '../config/strings';
import { findDialog } from '../testing/find-dialog';
import { adminDeposit, adminProfile, adminWithdrawal, page } from '../testing/fixtures';
import { mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

/** Bank money in the bank's currency (issue 12): finance sets the currency and rate; confirm and pay-out show fiat. */

const SETTINGS: AdminSettings = {
  webName: 'Vela',
  inviteRequired: false,
  supportHours: '24/7',
  wallet: {
    depositMinAmount: '10',
    withdrawMinAmount: '10',
    withdrawFeeFixed: '1',
    withdrawFeeRateBp: 50,
    withdrawDailyCountMax: 3,
    withdrawKycRequired: true,
    withdrawSecondApprovalFrom: '10000',
    bankAccount: {
      bankName: 'Vietcombank',
      holderName: 'Vela',
      cardNumber: '0071',
      branch: 'HN',
      currency: '',
      rate: '',
    },
    trc20ExplorerTxUrl: 'https://tronscan.org/#/transaction/{hash}',
  },
  trading: { maxOpenOrdersPerUser: 20, maxStakePerOrder: '100000', maxExposurePerSymbolDirection: '1000000' },
  referral: DEFAULT_REFERRAL_SETTINGS,
};

describe('the receiving account currency and rate', () => {
  test('finance sets VND and a rate; the body carries both; a bad rate is refused before sending', async () => {
    localStorage.setItem('adminToken', 'tok');
    const api = mockApi({
      'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('finance')),
      'GET /api/admin/settings': () => ok<AdminSettings>(SETTINGS),
      'PUT /api/admin/settings/wallet': () => ok<AdminSettings>(SETTINGS),
    });
    const user = userEvent.setup();
    renderApp('/settings');
    const card = (await screen.findByText(STRINGS.settings.wallet)).closest<HTMLElement>('.ant-card')!;
    fireEvent.change(within(card).getByLabelText('Account currency'), { target: { value: 'vnd' } });
    fireEvent.change(await within(card).findByLabelText('Rate (VND per 1 USDT)'), { target: { value: '0' } });
    await user.click(within(card).getByRole('button', { name: STRINGS.settings.saveWallet }));
    expect(
      await within(card).findByText('Enter a rate above 0 (at most 8 decimals); leave it empty without a currency'),
    ).toBeTruthy();
    expect(api.callsTo('PUT', '/api/admin/settings/wallet')).toHaveLength(0);

    fireEvent.change(within(card).getByLabelText('Rate (VND per 1 USDT)'), { target: { value: '25400' } });
    await user.click(within(card).getByRole('button', { name: STRINGS.settings.saveWallet }));
    // The confirmation opens with an animation; the click lands once it is there.
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/settings/wallet')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/admin/settings/wallet')[0]?.body as AdminSettings['wallet'];
    expect(body.bankAccount).toMatchObject({ currency: 'VND', rate: '25400' });
  });
});

const FIAT_DEPOSIT = adminDeposit({
  id: '31',
  amount: '100',
  fiatCurrency: 'VND',
  fiatRate: '25400',
  fiatAmount: '2540000',
});

function mockDepositsApi() {
  localStorage.setItem('adminToken', 'tok');
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('finance')),
    'GET /api/admin/deposits': () => ok<Page<AdminDeposit>>(page([FIAT_DEPOSIT], 1)),
    'POST /api/admin/deposits/31/confirm': () => ok<AdminDeposit>({ ...FIAT_DEPOSIT, status: 'confirmed' }),
  });
}

async function openConfirm(user: ReturnType<typeof userEvent.setup>) {
  const row = (await screen.findByText('alice01')).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Confirm' }));
  return findDialog('Confirm deposit #31');
}

describe('confirming a deposit in fiat', () => {
  test('shows the expected fiat and the locked rate; confirming as expected sends that fiat', async () => {
    const api = mockDepositsApi();
    const user = userEvent.setup();
    renderApp('/deposits');
    const modal = await openConfirm(user);
    expect(within(modal).getByText('2,540,000 VND')).toBeTruthy();
    expect(within(modal).getByText('25,400 VND per 1 USDT')).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: 'Confirm and credit' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/deposits/31/confirm')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/deposits/31/confirm')[0]?.body).toEqual({ fiatReceived: '2540000' });
  });

  test('a different fiat figure credits USDT at the locked rate and needs a note', async () => {
    const api = mockDepositsApi();
    const user = userEvent.setup();
    renderApp('/deposits');
    const modal = await openConfirm(user);
    await user.click(within(modal).getByLabelText('The money that arrived differs from the request'));
    await user.type(await within(modal).findByLabelText('Amount that arrived (VND)'), '1270000');
    expect(await within(modal).findByText('Credits 50 USDT to the available balance of alice01, once.')).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: 'Confirm and credit' }));
    expect(await within(modal).findByText('A corrected amount needs a note')).toBeTruthy();
    await user.click(within(modal).getByLabelText('Note'));
    await user.paste('half arrived');
    await user.click(within(modal).getByRole('button', { name: 'Confirm and credit' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/deposits/31/confirm')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/deposits/31/confirm')[0]?.body).toEqual({
      fiatReceived: '1270000',
      note: 'half arrived',
    });
  });
});

describe('paying out a bank withdrawal in fiat', () => {
  test('the pay-out shows the fiat to send at the locked rate', async () => {
    localStorage.setItem('adminToken', 'tok');
    const w = adminWithdrawal({
      id: '61',
      username: 'bank01',
      method: 'bank',
      amount: '101',
      fee: '1',
      netAmount: '100',
      destinationDetail: { type: 'bank', bankName: 'Vietcombank', cardNumber: '9704366112345678' },
      fiatCurrency: 'VND',
      fiatRate: '25400',
      fiatAmount: '2540000',
    });
    mockApi({
      'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('finance')),
      'GET /api/admin/withdrawals': () => ok<Page<AdminWithdrawal>>(page([w], 1)),
    });
    const user = userEvent.setup();
    renderApp('/withdrawals');
    const row = (await screen.findByText('bank01')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Approve and mark paid' }));
    const modal = await findDialog(/#61/);
    expect(within(modal).getByText('To send in VND')).toBeTruthy();
    expect(within(modal).getByText('2,540,000 VND')).toBeTruthy();
    expect(within(modal).getByText('at 25,400 VND per 1 USDT, locked at request')).toBeTruthy();
  });
});
