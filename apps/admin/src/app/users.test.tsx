import type { AdminProfile, AdminUser, OneTimePasswordResponse } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import type { BalanceList } from '@app/contract/ledger';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { adminProfile, adminUser } from '../testing/fixtures';
import { mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const ALICE = adminUser({ id: '100', username: 'alice01', phone: '138****0001', inviteCode: 'INV001', level: 3 });
const BOB = adminUser({
  id: '101',
  username: 'bob02',
  phone: '139****0002',
  inviteCode: 'INV002',
  status: 'disabled',
  kycStatus: 'approved',
});

function mockUsersApi(role: 'support' | 'finance') {
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile(role)),
    'GET /api/admin/users': () => ok<Page<AdminUser>>({ list: [ALICE, BOB], total: 42, page: 1, pageSize: 20 }),
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
    'POST /api/admin/users/100/one-time-password': () => ok<OneTimePasswordResponse>({ password: 'Tmp-7f3K-9qLz' }),
  });
}

// antd's ids are all "test-id" under test, so a dialog's accessible name is unreliable: find it by its title.
async function findDialog(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-drawer-title, .ant-modal-title' });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}

describe('users', () => {
  test('the table shows the rows the API returned', async () => {
    localStorage.setItem('adminToken', 'tok');
    const api = mockUsersApi('support');
    const user = userEvent.setup();
    renderApp('/users');

    const aliceRow = (await screen.findByText('alice01')).closest('tr')!;
    expect(within(aliceRow).getByText('138****0001')).toBeTruthy();
    expect(within(aliceRow).getByText('INV001')).toBeTruthy();
    expect(within(aliceRow).getByText('Active')).toBeTruthy();
    const bobRow = screen.getByText('bob02').closest('tr')!;
    expect(within(bobRow).getByText('Disabled')).toBeTruthy();
    expect(within(bobRow).getByText('approved')).toBeTruthy();
    expect(screen.getByText('42 in total')).toBeTruthy();
    expect(api.callsTo('GET', '/api/admin/users')[0]?.query.toString()).toBe('page=1&pageSize=20');

    // Searching asks the server again with the text, from page 1.
    await user.type(screen.getByLabelText('Username, phone or invite code'), 'alice{Enter}');
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/admin/users').at(-1)?.query.toString()).toBe('q=alice&page=1&pageSize=20'),
    );
  });

  test('issuing a one-time password asks for a reason and shows the password once', async () => {
    localStorage.setItem('adminToken', 'tok');
    const api = mockUsersApi('support');
    const user = userEvent.setup();
    renderApp('/users');

    await user.click(await screen.findByRole('button', { name: 'alice01' }));
    const drawer = await findDialog('User alice01');
    await user.click(within(drawer).getByRole('button', { name: 'Issue one-time password' }));

    const confirm = await findDialog('Issue one-time password');
    // No reason, no action.
    await user.click(within(confirm).getByRole('button', { name: 'Issue one-time password' }));
    expect(await within(confirm).findByText('Please enter a reason')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/users/100/one-time-password')).toHaveLength(0);

    await user.click(within(confirm).getByLabelText('Reason'));
    await user.paste('Forgot password, verified by phone');
    await user.click(within(confirm).getByRole('button', { name: 'Issue one-time password' }));

    const shown = await findDialog('One-time password');
    expect(within(shown).getByText('Tmp-7f3K-9qLz')).toBeTruthy();
    expect(within(shown).getByText(/will not be shown again/)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: /Copy/ })).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/users/100/one-time-password')[0]?.body).toEqual({
      reason: 'Forgot password, verified by phone',
    });
  });

  test('a role that may only read users sees no actions', async () => {
    localStorage.setItem('adminToken', 'tok');
    mockUsersApi('finance');
    const user = userEvent.setup();
    renderApp('/users?user=100');

    const drawer = await findDialog('User alice01');
    expect(within(drawer).getByText('INV001')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Issue one-time password' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Disable' })).toBeNull();
    await user.keyboard('{Escape}');
  });
});
