import type { AdminProfile, AdminUser } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import type { AdminPasskeys } from '@app/contract/passkeys';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { adminProfile, adminUser } from '../testing/fixtures';
import { mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const ALICE = adminUser({ id: '100', username: 'alice01' });

describe('the user drawer: passkeys', () => {
  test('shows how many passkeys the user has, read only', async () => {
    localStorage.setItem('adminToken', 'tok');
    mockApi({
      'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('support')),
      'GET /api/admin/users': () => ok<Page<AdminUser>>({ list: [ALICE], total: 1, page: 1, pageSize: 20 }),
      'GET /api/admin/users/100': () => ok<AdminUser>(ALICE),
      'GET /api/admin/users/100/passkeys': () => ok<AdminPasskeys>({ count: 3 }),
    });
    renderApp('/users?user=100');
    const heading = await screen.findByText('User alice01', { selector: '.ant-drawer-title' });
    const drawer = heading.closest<HTMLElement>('[role="dialog"]')!;
    expect(within(drawer).getByText('Passkeys')).toBeTruthy();
    expect((await within(drawer).findByTestId('user-passkeys')).textContent).toBe('3');
  });
});
