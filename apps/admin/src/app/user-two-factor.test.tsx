import type { AdminProfile, AdminUser } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import type { BalanceList } from '@app/contract/ledger';
import type { TwoFactorStatus } from '@app/contract/two-factor';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { adminProfile, adminUser } from '../testing/fixtures';
import { mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const ALICE = adminUser({ id: '100', username: 'alice01' });

function mockTwoFactorApi(role: 'support' | 'finance', status: TwoFactorStatus) {
  let current = status;
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile(role)),
    'GET /api/admin/users': () => ok<Page<AdminUser>>({ list: [ALICE], total: 1, page: 1, pageSize: 20 }),
    'GET /api/admin/users/100': () => ok<AdminUser>(ALICE),
    'GET /api/admin/users/100/balances': () =>
      ok<BalanceList>({
        currency: 'USDT',
        available: '0',
        frozen: '0',
        trading: '0',
        earnLocked: '0',
        earnFlexible: '0',
        total: '0',
      }),
    'GET /api/admin/users/100/two_factor': () => ok<TwoFactorStatus>(current),
    'POST /api/admin/users/100/two_factor/reset': () => {
      current = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
      return ok<TwoFactorStatus>(current);
    },
  });
}

async function findDialog(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-drawer-title, .ant-modal-title' });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}

const ON: TwoFactorStatus = { enabled: true, enabledAt: '2026-11-20T10:00:00.000Z', recoveryCodesLeft: 7 };

describe('the user drawer: two-factor', () => {
  test('shows it is on and the codes left; support resets it with a reason', async () => {
    localStorage.setItem('adminToken', 'tok');
    const api = mockTwoFactorApi('support', ON);
    const user = userEvent.setup();
    renderApp('/users?user=100');

    const drawer = await findDialog('User alice01');
    expect(await within(drawer).findByText('On')).toBeTruthy();
    expect(within(drawer).getByText('7 recovery codes left')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Reset two-factor' }));
    const confirm = await findDialog('Reset two-factor');
    await user.click(within(confirm).getByLabelText('Reason'));
    await user.paste('Lost phone, identity checked on a video call');
    await user.click(within(confirm).getByRole('button', { name: 'Reset two-factor' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/admin/users/100/two_factor/reset')[0]?.body).toEqual({
        reason: 'Lost phone, identity checked on a video call',
      }),
    );
    expect(await within(drawer).findByText('Off')).toBeTruthy();
  });

  test('a role that only reads users sees the state and no reset', async () => {
    localStorage.setItem('adminToken', 'tok');
    mockTwoFactorApi('finance', ON);
    renderApp('/users?user=100');
    const drawer = await findDialog('User alice01');
    expect(await within(drawer).findByText('On')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Reset two-factor' })).toBeNull();
  });
});
