import type { AdminProfile } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import { DEFAULT_REFERRAL_SETTINGS } from '@app/contract/referral';
import type { AdminDeposit, AdminSettings, AdminWithdrawal } from '@app/contract/wallet';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { STRINGS } from '../config/strings';
import type { AdminBank } from '../features/banks/api/get-banks';
import { findDialog } from '../testing/find-dialog';
import { adminDeposit, adminProfile, adminWithdrawal, page } from '../testing/fixtures';
import { fail, mockApi, ok } from '../testing/mock-api';
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
    withdrawCooldownHours: 24,
    bankAccounts: [
      {
        id: 'hanoi',
        bankName: 'Vietcombank',
        holderName: 'Vela',
        cardNumber: '0071',
        branch: 'HN',
        currency: '',
        rate: '',
      },
    ],
    trc20ExplorerTxUrl: 'https://tronscan.org/#/transaction/{hash}',
  },
  trading: { maxOpenOrdersPerUser: 20, maxStakePerOrder: '100000', maxExposurePerSymbolDirection: '1000000' },
  referral: DEFAULT_REFERRAL_SETTINGS,
};

function mockSettingsApi(put: Parameters<typeof mockApi>[0][string] = () => ok<AdminSettings>(SETTINGS)) {
  localStorage.setItem('adminToken', 'tok');
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('finance')),
    'GET /api/admin/settings': () => ok<AdminSettings>(SETTINGS),
    'PUT /api/admin/settings/wallet': put,
  });
}
const walletCard = async () => (await screen.findByText(STRINGS.settings.wallet)).closest<HTMLElement>('.ant-card')!;
const accountCard = (card: HTMLElement, n: number) =>
  within(card).getByText(`Account ${n}`).closest<HTMLElement>('.ant-card')!;
async function save(card: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(card).getByRole('button', { name: STRINGS.settings.saveWallet }));
  // The confirmation opens with an animation; the click lands once it is there.
  fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
}

describe('the receiving accounts, each with its currency and rate', () => {
  test('finance sets VND on the first, adds a TWD account; the body carries the list; a bad rate is refused before sending', async () => {
    const api = mockSettingsApi();
    const user = userEvent.setup();
    renderApp('/settings');
    const card = await walletCard();
    const first = accountCard(card, 1);
    fireEvent.change(within(first).getByLabelText('Account currency'), { target: { value: 'vnd' } });
    fireEvent.change(await within(first).findByLabelText('Rate (VND per 1 USDT)'), { target: { value: '0' } });
    await user.click(within(card).getByRole('button', { name: STRINGS.settings.saveWallet }));
    expect(
      await within(first).findByText('Enter a rate above 0 (at most 8 decimals); leave it empty without a currency'),
    ).toBeTruthy();
    expect(api.callsTo('PUT', '/api/admin/settings/wallet')).toHaveLength(0);
    fireEvent.change(within(first).getByLabelText('Rate (VND per 1 USDT)'), { target: { value: '25400' } });

    await user.click(within(card).getByRole('button', { name: 'Add an account' }));
    const second = accountCard(card, 2);
    fireEvent.change(within(second).getByLabelText('Bank'), { target: { value: 'CTBC Bank' } });
    fireEvent.change(within(second).getByLabelText('Account holder'), { target: { value: 'Vela Ltd' } });
    fireEvent.change(within(second).getByLabelText('Account number'), { target: { value: ' 901540012345 ' } });
    fireEvent.change(within(second).getByLabelText('Account currency'), { target: { value: 'TWD' } });
    fireEvent.change(await within(second).findByLabelText('Rate (TWD per 1 USDT)'), { target: { value: '32.15' } });
    await save(card, user);
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/settings/wallet')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/admin/settings/wallet')[0]?.body as AdminSettings['wallet'];
    expect(body.bankAccounts).toEqual([
      {
        id: 'hanoi',
        bankName: 'Vietcombank',
        holderName: 'Vela',
        cardNumber: '0071',
        branch: 'HN',
        currency: 'VND',
        rate: '25400',
      },
      {
        id: '',
        bankName: 'CTBC Bank',
        holderName: 'Vela Ltd',
        cardNumber: '901540012345',
        branch: '',
        currency: 'TWD',
        rate: '32.15',
      },
    ]);
  });

  test('an account without its number is refused before sending; a removed account leaves the list', async () => {
    const api = mockSettingsApi();
    const user = userEvent.setup();
    renderApp('/settings');
    const card = await walletCard();
    await user.click(within(card).getByRole('button', { name: 'Add an account' }));
    fireEvent.change(within(accountCard(card, 2)).getByLabelText('Bank'), { target: { value: 'CTBC Bank' } });
    await user.click(within(card).getByRole('button', { name: STRINGS.settings.saveWallet }));
    expect(await within(accountCard(card, 2)).findByText('Enter the account number')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/admin/settings/wallet')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Remove account 1' }));
    await user.click(within(card).getByRole('button', { name: 'Remove account 1' }));
    expect(within(card).queryByText('Account 1')).toBeNull();
    await save(card, user);
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/settings/wallet')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/admin/settings/wallet')[0]!.body as AdminSettings['wallet'];
    expect(body.bankAccounts).toEqual([]);
  });

  test("the server's message about one account's rate lands under that account's field", async () => {
    mockSettingsApi(() =>
      fail(400, 1001, 'Please check the highlighted fields', {
        fields: { 'bankAccounts.0.rate': 'Enter a rate above 0 (fiat per 1 USDT)' },
      }),
    );
    const user = userEvent.setup();
    renderApp('/settings');
    const card = await walletCard();
    const first = accountCard(card, 1);
    fireEvent.change(within(first).getByLabelText('Account currency'), { target: { value: 'VND' } });
    fireEvent.change(await within(first).findByLabelText('Rate (VND per 1 USDT)'), { target: { value: '25400' } });
    await save(card, user);
    const message = await within(first).findByText('Enter a rate above 0 (fiat per 1 USDT)');
    expect(message.closest('.ant-form-item')?.contains(within(first).getByLabelText('Rate (VND per 1 USDT)'))).toBe(
      true,
    );
  });
});

const FIAT_DEPOSIT = adminDeposit({
  id: '31',
  amount: '100',
  fiatCurrency: 'VND',
  fiatRate: '25400',
  fiatAmount: '2540000',
  bankAccount: { id: 'hanoi', bankName: 'Vietcombank', holderName: 'Vela Co', cardNumber: '0071000123456' },
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
    expect(within(modal).getByText('Vietcombank · Vela Co · 0071000123456')).toBeTruthy();
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

describe('the lists an operator works from', () => {
  test('deposits: the fiat at the locked rate, the account it was paid into, and the fiat received once confirmed', async () => {
    localStorage.setItem('adminToken', 'tok');
    const confirmed = {
      ...FIAT_DEPOSIT,
      id: '32',
      username: 'bob02',
      status: 'confirmed' as const,
      fiatReceived: '1270000',
    };
    mockApi({
      'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('finance')),
      'GET /api/admin/deposits': () => ok<Page<AdminDeposit>>(page([FIAT_DEPOSIT, confirmed], 2)),
    });
    renderApp('/deposits');
    const pending = (await screen.findByText('alice01')).closest('tr')!;
    expect(within(pending).getByText('2,540,000 VND')).toBeTruthy();
    expect(within(pending).getByText('at 25,400 VND')).toBeTruthy();
    expect(within(pending).getByText('Vietcombank ··3456')).toBeTruthy();
    expect(within(pending).queryByText(/received/)).toBeNull();
    const done = screen.getByText('bob02').closest('tr')!;
    expect(within(done).getByText('received 1,270,000 VND')).toBeTruthy();
  });

  test('withdrawals: the fiat to send at the locked rate', async () => {
    localStorage.setItem('adminToken', 'tok');
    const w = adminWithdrawal({
      id: '62',
      username: 'carol03',
      fiatCurrency: 'TWD',
      fiatRate: '32.15',
      fiatAmount: '3215',
    });
    mockApi({
      'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('finance')),
      'GET /api/admin/withdrawals': () => ok<Page<AdminWithdrawal>>(page([w], 1)),
    });
    renderApp('/withdrawals');
    const row = (await screen.findByText('carol03')).closest('tr')!;
    expect(within(row).getByText('3,215 TWD')).toBeTruthy();
    expect(within(row).getByText('at 32.15 TWD')).toBeTruthy();
  });

  test('banks: the currency a bank is paid in is set, upper-cased, and a bad code is refused before sending', async () => {
    localStorage.setItem('adminToken', 'tok');
    const api = mockApi({
      'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('finance')),
      'GET /api/admin/banks': () =>
        ok<AdminBank[]>([{ id: '1', name: 'Vietcombank', enabled: true, sort: 1, currency: 'VND' }]),
      'POST /api/admin/banks': () =>
        ok<AdminBank>({ id: '2', name: 'CTBC Bank', enabled: true, sort: 0, currency: 'TWD' }),
    });
    const user = userEvent.setup();
    renderApp('/banks');
    const row = (await screen.findByText('Vietcombank')).closest('tr')!;
    expect(within(row).getByText('VND')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Add bank/ }));
    const modal = await findDialog('Add a bank');
    fireEvent.change(within(modal).getByLabelText('Name'), { target: { value: 'CTBC Bank' } });
    const currency = within(modal).getByLabelText('Currency its cards are paid in');
    fireEvent.change(currency, { target: { value: 'T1' } });
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Enter a currency code such as VND or TWD, or leave it empty')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/banks')).toHaveLength(0);
    fireEvent.change(currency, { target: { value: 'twd' } });
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/banks')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/banks')[0]?.body).toMatchObject({ name: 'CTBC Bank', currency: 'TWD' });
  });
});
