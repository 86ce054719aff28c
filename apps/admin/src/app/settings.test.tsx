import type { AdminProfile, AdminRole } from '@app/contract/admin';
import { DEFAULT_REFERRAL_SETTINGS } from '@app/contract/referral';
import type { AdminSettings } from '@app/contract/wallet';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { adminProfile } from '../testing/fixtures';
import { fail, mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

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
    bankAccounts: [],
    trc20ExplorerTxUrl: 'https://tronscan.org/#/transaction/{hash}',
  },
  trading: { maxOpenOrdersPerUser: 20, maxStakePerOrder: '100000', maxExposurePerSymbolDirection: '1000000' },
  referral: DEFAULT_REFERRAL_SETTINGS,
};

function mockSettingsApi(
  role: AdminRole,
  put = () => ok<AdminSettings>(SETTINGS),
  putReferral = () => ok<AdminSettings>(SETTINGS),
) {
  localStorage.setItem('adminToken', 'tok');
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile(role)),
    'GET /api/admin/settings': () => ok<AdminSettings>(SETTINGS),
    'PUT /api/admin/settings/trading': put,
    'PUT /api/admin/settings/referral': putReferral,
  });
}

const tradingCard = async () => (await screen.findByText('Trading risk limits')).closest<HTMLElement>('.ant-card')!;

describe('trading risk limits', () => {
  test('content saves them after confirming; the body holds the three limits', async () => {
    const api = mockSettingsApi('content');
    const user = userEvent.setup();
    renderApp('/settings');

    const card = await tradingCard();
    expect(within(card).getByLabelText('Open orders per user (at most)')).toHaveProperty('value', '20');
    fireEvent.change(within(card).getByLabelText('Stake per order, any product (USDT, at most)'), {
      target: { value: '5000.5' },
    });
    await user.click(within(card).getByRole('button', { name: 'Save risk limits' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/settings/trading')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/admin/settings/trading')[0]?.body).toEqual({
      maxOpenOrdersPerUser: 20,
      maxStakePerOrder: '5000.5',
      maxExposurePerSymbolDirection: '1000000',
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  test('an amount that is not above 0 is refused before sending', async () => {
    const api = mockSettingsApi('content');
    const user = userEvent.setup();
    renderApp('/settings');

    const card = await tradingCard();
    fireEvent.change(within(card).getByLabelText('Stake per order, any product (USDT, at most)'), {
      target: { value: '0' },
    });
    await user.click(within(card).getByRole('button', { name: 'Save risk limits' }));
    // Checked before the question is asked: nothing to confirm while a field is wrong.
    expect(await within(card).findByText('An amount above 0 with at most 6 decimals')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(api.callsTo('PUT', '/api/admin/settings/trading')).toHaveLength(0);
  });

  test('the server’s field message lands on its field', async () => {
    mockSettingsApi('content', () =>
      fail(400, 1001, 'Please check the highlighted fields', {
        fields: { maxExposurePerSymbolDirection: 'Incorrect Amount' },
      }),
    );
    const user = userEvent.setup();
    renderApp('/settings');

    const card = await tradingCard();
    await user.click(within(card).getByRole('button', { name: 'Save risk limits' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    const message = await within(card).findByText('Incorrect Amount');
    expect(message.closest('.ant-form-item')?.textContent).toContain('Open stakes per product and direction');
  });

  test('finance reads the limits but cannot change them', async () => {
    mockSettingsApi('finance');
    renderApp('/settings');
    const card = await tradingCard();
    expect(within(card).getByText('Your role can read these settings but not change them.')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Save risk limits' })).toBeNull();
    expect(within(card).getByLabelText('Stake per order, any product (USDT, at most)')).toHaveProperty(
      'value',
      '100000',
    );
  });
});

/** The panel is folded until opened. */
const referralCard = async () => {
  const header = await screen.findByText('Referral levels and cashback');
  fireEvent.click(header);
  await screen.findAllByLabelText('From invitees with a deposit');
  return header.closest<HTMLElement>('.ant-collapse')!;
};

describe('referral levels', () => {
  test('content edits a rate and saves the nine levels after confirming', async () => {
    const api = mockSettingsApi('content');
    renderApp('/settings');

    const card = await referralCard();
    const rates = within(card).getAllByLabelText('Cashback (basis points of the fee)');
    expect(rates).toHaveLength(9);
    expect(rates[0]).toHaveProperty('value', '500');
    fireEvent.change(rates[1]!, { target: { value: '900' } });
    expect(await within(card).findByText('= 9.00 % of the fee')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Save referral levels' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/settings/referral')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/admin/settings/referral')[0]?.body as { levels: unknown[] };
    expect(body.levels).toHaveLength(9);
    expect(body.levels[1]).toEqual({ minInvitees: 1, rateBp: 900 });
    expect(body.levels[0]).toEqual({ minInvitees: 0, rateBp: 500 });
  }, 60_000);

  test('the server’s message about a row lands on that row’s field', async () => {
    mockSettingsApi(
      'content',
      () => ok<AdminSettings>(SETTINGS),
      () =>
        fail(400, 1001, 'Please check the highlighted fields', {
          fields: { 'levels.3.minInvitees': 'Each level needs more invitees than the level below' },
        }),
    );
    renderApp('/settings');
    const card = await referralCard();
    fireEvent.click(within(card).getByRole('button', { name: 'Save referral levels' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const message = await within(card).findByText('Each level needs more invitees than the level below');
    const inputs = within(card).getAllByLabelText('From invitees with a deposit');
    expect(message.closest('.ant-form-item')?.contains(inputs[3]!)).toBe(true);
  }, 60_000);

  test('finance reads the levels but cannot change them', async () => {
    mockSettingsApi('finance');
    renderApp('/settings');
    const card = await referralCard();
    expect(within(card).queryByRole('button', { name: 'Save referral levels' })).toBeNull();
    expect(within(card).getAllByLabelText('From invitees with a deposit')[8]).toHaveProperty('value', '100');
  });
});
