import type { AdminProfile } from '@app/contract/admin';
import { DEFAULT_REFERRAL_SETTINGS } from '@app/contract/referral';
import type { AdminSettings } from '@app/contract/wallet';
import type { WalletRules } from '@app/contract/wallet-rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { adminProfile } from '../testing/fixtures';
import { fail, mockApi, ok, type RecordedCall } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const WALLET: WalletRules = {
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
      id: 'main',
      bankName: 'Example Bank',
      holderName: 'Vela Ltd',
      cardNumber: '6222000011112222',
      branch: 'Central',
      currency: '',
      rate: '',
    },
  ],
  trc20ExplorerTxUrl: 'https://tronscan.org/#/transaction/{hash}',
};
const SETTINGS: AdminSettings = {
  webName: 'Vela',
  inviteRequired: false,
  supportHours: '24/7',
  wallet: WALLET,
  trading: { maxOpenOrdersPerUser: 20, maxStakePerOrder: '100000', maxExposurePerSymbolDirection: '1000000' },
  referral: DEFAULT_REFERRAL_SETTINGS,
};

function mockWalletApi(put: (call: RecordedCall) => ReturnType<typeof ok> = () => ok<AdminSettings>(SETTINGS)) {
  localStorage.setItem('adminToken', 'tok');
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('finance')),
    'GET /api/admin/settings': () => ok<AdminSettings>(SETTINGS),
    'PUT /api/admin/settings/wallet': put,
  });
}

const walletCard = async () => (await screen.findByText('Wallet rules')).closest<HTMLElement>('.ant-card')!;
const EXPLORER = 'TRC20 block explorer (transaction address)';

describe('saving the wallet rules', () => {
  test('the confirmation sits in the form after the last field, covering none; Cancel saves nothing', async () => {
    const api = mockWalletApi();
    const user = userEvent.setup();
    renderApp('/settings');
    const card = await walletCard();
    const accountNumber = within(card).getByLabelText('Account number');

    await user.click(within(card).getByRole('button', { name: 'Save wallet rules' }));
    const confirmation = await within(card).findByRole('group', { name: 'Save wallet rules' });
    expect(confirmation.textContent).toContain('They apply to every new deposit and withdrawal at once.');
    // No floating layer (a popover or a modal) is laid over the form: the question is part of it, below every field.
    expect(document.querySelector('.ant-popover, .ant-popconfirm, .ant-modal')).toBeNull();
    for (const field of within(card).getAllByRole('textbox')) {
      expect(field.compareDocumentPosition(confirmation) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    // The account number stays where it was and can still be read and edited while the question is open.
    fireEvent.change(accountNumber, { target: { value: '6222000011113333' } });
    expect(accountNumber).toHaveProperty('value', '6222000011113333');

    await user.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('group', { name: 'Save wallet rules' })).toBeNull();
    expect(api.callsTo('PUT', '/api/admin/settings/wallet')).toHaveLength(0);
  });

  test('confirming saves once and says so in the form, not over it', async () => {
    const api = mockWalletApi();
    const user = userEvent.setup();
    renderApp('/settings');
    const card = await walletCard();
    fireEvent.change(within(card).getByLabelText('Account number'), { target: { value: ' 6222000011113333 ' } });
    await user.click(within(card).getByRole('button', { name: 'Save wallet rules' }));
    const confirmation = await within(card).findByRole('group', { name: 'Save wallet rules' });
    await user.click(within(confirmation).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/settings/wallet')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/admin/settings/wallet')[0]?.body as WalletRules;
    expect(body.bankAccounts[0]).toMatchObject({ id: 'main', cardNumber: '6222000011113333' });
    expect(body.trc20ExplorerTxUrl).toBe('https://tronscan.org/#/transaction/{hash}');
    await waitFor(() => expect(within(card).getByRole('status').textContent).toBe('Saved'));
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });
});

describe('the block explorer setting', () => {
  test('shows the current pattern; a changed one is sent trimmed', async () => {
    const api = mockWalletApi();
    const user = userEvent.setup();
    renderApp('/settings');
    const card = await walletCard();
    const field = within(card).getByLabelText(EXPLORER);
    expect(field).toHaveProperty('value', 'https://tronscan.org/#/transaction/{hash}');
    fireEvent.change(field, { target: { value: ' https://nile.tronscan.org/#/transaction/{hash} ' } });
    await user.click(within(card).getByRole('button', { name: 'Save wallet rules' }));
    await user.click(within(await within(card).findByRole('group')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/admin/settings/wallet')).toHaveLength(1));
    const body = api.callsTo('PUT', '/api/admin/settings/wallet')[0]?.body as WalletRules;
    expect(body.trc20ExplorerTxUrl).toBe('https://nile.tronscan.org/#/transaction/{hash}');
  });

  test.each(['https://tronscan.org/#/transaction/', 'http://tronscan.org/{hash}'])(
    'refuses %s under the field before sending',
    async (value) => {
      const api = mockWalletApi();
      const user = userEvent.setup();
      renderApp('/settings');
      const card = await walletCard();
      fireEvent.change(within(card).getByLabelText(EXPLORER), { target: { value } });
      await user.click(within(card).getByRole('button', { name: 'Save wallet rules' }));
      const confirmation = within(card).queryByRole('group');
      if (confirmation) await user.click(within(confirmation).getByRole('button', { name: 'Save' }));
      const message = await within(card).findByText(
        'An https address with {hash} where the transaction id goes, or empty for no link',
      );
      expect(message.closest('.ant-form-item')?.contains(within(card).getByLabelText(EXPLORER))).toBe(true);
      expect(api.callsTo('PUT', '/api/admin/settings/wallet')).toHaveLength(0);
    },
  );

  test('the server’s message lands under the field', async () => {
    mockWalletApi(() =>
      fail(400, 1001, 'Please check the highlighted fields', {
        fields: {
          trc20ExplorerTxUrl: 'Enter an https address with {hash} where the transaction id goes, or leave it empty',
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/settings');
    const card = await walletCard();
    await user.click(within(card).getByRole('button', { name: 'Save wallet rules' }));
    await user.click(within(await within(card).findByRole('group')).getByRole('button', { name: 'Save' }));
    const message = await within(card).findByText(
      'Enter an https address with {hash} where the transaction id goes, or leave it empty',
    );
    expect(message.closest('.ant-form-item')?.contains(within(card).getByLabelText(EXPLORER))).toBe(true);
  });
});
