import type { AdminProfile, AdminUser } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import type { AdminUserSession, LoginHistoryPage } from '@app/contract/sessions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { adminProfile, adminUser } from '../testing/fixtures';
import { mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const ALICE = adminUser({ id: '100', username: 'alice01' });
const SESSIONS: AdminUserSession[] = [
  {
    id: '7',
    device: { browser: 'Chrome 120', os: 'Android 14', type: 'mobile' },
    ip: '203.0.113.9',
    createdAt: '2026-11-20T08:00:00Z',
    lastSeenAt: '2026-11-24T08:00:00Z',
  },
];
const HISTORY: LoginHistoryPage = {
  list: [
    { id: '4', at: '2026-11-20T08:02:00Z', ip: '203.0.113.9', device: SESSIONS[0]!.device, outcome: 'passkey_failed' },
    {
      id: '3',
      at: '2026-11-20T08:01:00Z',
      ip: '203.0.113.9',
      device: SESSIONS[0]!.device,
      outcome: 'two_factor_incorrect',
    },
    { id: '2', at: '2026-11-20T08:00:00Z', ip: '203.0.113.9', device: SESSIONS[0]!.device, outcome: 'success' },
    {
      id: '1',
      at: '2026-11-20T07:59:00Z',
      ip: '203.0.113.9',
      device: SESSIONS[0]!.device,
      outcome: 'password_incorrect',
    },
  ],
  total: 4,
  page: 1,
  pageSize: 50,
};

function mockSessionsApi(role: 'support' | 'finance') {
  localStorage.setItem('adminToken', 'tok');
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile(role)),
    'GET /api/admin/users': () => ok<Page<AdminUser>>({ list: [ALICE], total: 1, page: 1, pageSize: 20 }),
    'GET /api/admin/users/100': () => ok<AdminUser>(ALICE),
    'GET /api/admin/users/100/sessions': () => ok<AdminUserSession[]>(SESSIONS),
    'GET /api/admin/users/100/login_history': () => ok<LoginHistoryPage>(HISTORY),
    'POST /api/admin/users/100/end_sessions': () => ok<{ ended: number }>({ ended: 1 }),
  });
}

async function findDrawer(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-drawer-title, .ant-modal-title' });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}

describe("a user's devices and sign-ins in the drawer", () => {
  test('support reads them and ends all sessions with a reason', async () => {
    const api = mockSessionsApi('support');
    const user = userEvent.setup();
    renderApp('/users?user=100');
    const drawer = await findDrawer('User alice01');
    expect(await within(drawer).findByText('Signed-in devices')).toBeTruthy();
    expect(within(drawer).getAllByText('Phone · Chrome 120 · Android 14').length).toBe(5);
    expect(within(drawer).getByText('Wrong password')).toBeTruthy();
    expect(within(drawer).getByText('Wrong two-factor code')).toBeTruthy();
    expect(within(drawer).getByText('Passkey refused')).toBeTruthy();
    expect(within(drawer).getByText('Signed in', { selector: '.ant-tag' })).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: 'End all sessions' }));
    const confirm = await findDrawer('End all sessions');
    expect(within(confirm).getByText(/Sign alice01 out on every device now/)).toBeTruthy();
    await user.click(within(confirm).getByLabelText('Reason'));
    await user.paste('Phone reported stolen');
    await user.click(within(confirm).getByRole('button', { name: 'End all sessions' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/admin/users/100/end_sessions')[0]?.body).toEqual({
        reason: 'Phone reported stolen',
      }),
    );
  });

  test('a role that may only read sees them without the action', async () => {
    mockSessionsApi('finance');
    renderApp('/users?user=100');
    const drawer = await findDrawer('User alice01');
    expect(await within(drawer).findByText('Wrong password')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'End all sessions' })).toBeNull();
  });
});
