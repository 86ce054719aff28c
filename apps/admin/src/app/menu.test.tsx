import type { AdminProfile, AdminRole, AdminUser, AuditEntry } from '@app/contract/admin';
import type { AdminProduct } from '@app/contract/admin-markets';
import type { Page } from '@app/contract/common';
import type { AdminKycSubmission } from '@app/contract/kyc';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { adminProfile } from '../testing/fixtures';
import { mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const EMPTY_PAGE = { list: [], total: 0, page: 1, pageSize: 20 };

function signInAs(role: AdminRole) {
  localStorage.setItem('adminToken', 'tok');
  mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile(role)),
    'GET /api/admin/users': () => ok<Page<AdminUser>>(EMPTY_PAGE),
    'GET /api/admin/admins': () => ok<AdminProfile[]>([adminProfile(role)]),
    'GET /api/admin/audit': () => ok<Page<AuditEntry>>(EMPTY_PAGE),
    'GET /api/admin/kyc': () => ok<Page<AdminKycSubmission>>(EMPTY_PAGE),
    'GET /api/admin/products': () => ok<AdminProduct[]>([]),
  });
}

async function menuLabels(): Promise<string[]> {
  await screen.findByRole('button', { name: 'Log out' });
  return screen.queryAllByRole('menuitem').map((item) => item.textContent ?? '');
}

describe('role-based menu', () => {
  const CONTENT = ['Announcements', 'Help articles'];
  const FINANCE = ['Deposits', 'Withdrawals', 'Deposit addresses', 'Ledger journals', 'Reconciliation'];
  test.each<[AdminRole, string[]]>([
    [
      'owner',
      [
        'Users',
        'Support inbox',
        'KYC queue',
        'Products',
        'Orders',
        ...CONTENT,
        'Locked deposits',
        'Flexible earn',
        ...FINANCE,
        'Banks',
        'Platform settings',
        'Admins',
        'Audit log',
      ],
    ],
    ['support', ['Users', 'Support inbox', 'Orders', 'Locked deposits']],
    ['finance', ['Users', 'Orders', 'Locked deposits', 'Flexible earn', ...FINANCE, 'Banks', 'Platform settings']],
    ['reviewer', ['Users', 'KYC queue']],
    ['content', ['Products', ...CONTENT, 'Locked deposits', 'Flexible earn', 'Platform settings']],
  ])('%s sees %j', async (role, expected) => {
    signInAs(role);
    renderApp('/');
    expect(await menuLabels()).toEqual(expected);
    // The header names the admin and their role.
    expect(screen.getByText(`${role}-admin`)).toBeTruthy();
  });

  test('an owner lands on Users', async () => {
    signInAs('owner');
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/users');
  });

  test('menu groups: a reviewer sees Compliance, finance sees Finance and Settings', async () => {
    signInAs('reviewer');
    renderApp('/');
    await screen.findByRole('button', { name: 'Log out' });
    expect(screen.getByText('Compliance')).toBeTruthy();
    expect(screen.queryByText('Finance')).toBeNull();
  });

  test('a reviewer cannot open a finance screen by its address', async () => {
    signInAs('reviewer');
    renderApp('/withdrawals');
    expect(await screen.findByText('Not allowed')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Withdrawals' })).toBeNull();
  });

  test('finance cannot open the KYC queue by its address', async () => {
    signInAs('finance');
    renderApp('/kyc');
    expect(await screen.findByText('Not allowed')).toBeTruthy();
  });

  test('typing the address of a hidden screen says it is not allowed', async () => {
    signInAs('support');
    renderApp('/audit');
    expect(await screen.findByText('Not allowed')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Audit log' })).toBeNull();
  });
});
