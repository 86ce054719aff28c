import type { AdminProfile, AdminUser } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import type { BalanceList, Journal } from '@app/contract/ledger';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { findDialog } from '../testing/find-dialog';
import { adminProfile, adminUser } from '../testing/fixtures';
import { mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const ALICE = adminUser({ id: '100', username: 'alice01' });
const BALANCES = {
  currency: 'USDT',
  available: '120.5',
  frozen: '30',
  trading: '0',
  earnLocked: '0',
  earnFlexible: '0',
  total: '150.5',
} satisfies BalanceList;

function mockUsersApi(role: 'finance' | 'support') {
  localStorage.setItem('adminToken', 'tok');
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile(role)),
    'GET /api/admin/users': () => ok<Page<AdminUser>>({ list: [ALICE], total: 1, page: 1, pageSize: 20 }),
    'GET /api/admin/users/100': () => ok<AdminUser>(ALICE),
    'GET /api/admin/users/100/balances': () => ok<BalanceList>(BALANCES),
    'POST /api/admin/adjustments': () =>
      ok<Journal>({
        id: '900',
        kind: 'adjustment',
        referenceType: 'adjustment',
        referenceId: '1',
        memo: null,
        adminId: '1',
        createdAt: '',
        postings: [],
      }),
  });
}

describe('balance adjustment from the user drawer', () => {
  test('finance sees the balances, reviews the effect, then posts a journal with the reason', async () => {
    const api = mockUsersApi('finance');
    const user = userEvent.setup();
    renderApp('/users?user=100');

    const drawer = await findDialog('User alice01');
    expect(await within(drawer).findByText('120.5 USDT')).toBeTruthy();
    expect(within(drawer).getByText('150.5 USDT')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Adjust balance' }));

    const modal = await findDialog('Adjust the balance of alice01');
    await user.click(within(modal).getByLabelText('Debit (take from available)'));
    await user.type(within(modal).getByLabelText('Amount (USDT)'), '20.5');
    await user.click(within(modal).getByRole('button', { name: 'Review' }));
    // The reason is mandatory.
    expect(await within(modal).findByText('Please enter a reason')).toBeTruthy();
    await user.click(within(modal).getByLabelText('Reason'));
    await user.paste('Duplicate credit on deposit #31');
    await user.click(within(modal).getByRole('button', { name: 'Review' }));

    const review = await findDialog('Confirm the adjustment');
    expect(within(review).getByText('Take 20.5 USDT from the available balance of alice01')).toBeTruthy();
    expect(within(review).getByText('100 USDT')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/adjustments')).toHaveLength(0);
    await user.click(within(review).getByRole('button', { name: 'Post adjustment' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/admin/adjustments')).toHaveLength(1));
    const call = api.callsTo('POST', '/api/admin/adjustments')[0]!;
    expect(call.body).toEqual({
      userId: '100',
      direction: 'debit',
      amount: '20.5',
      reason: 'Duplicate credit on deposit #31',
    });
    expect(call.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByText('Adjustment posted (journal #900)')).toBeTruthy();
  });

  test('support reads the balances but cannot adjust them', async () => {
    mockUsersApi('support');
    renderApp('/users?user=100');

    const drawer = await findDialog('User alice01');
    expect(await within(drawer).findByText('150.5 USDT')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Adjust balance' })).toBeNull();
  });
});
