import type { AdminProfile } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import type { AdminDeposit } from '@app/contract/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { findDialog } from '../testing/find-dialog';
import { adminDeposit, adminProfile, page } from '../testing/fixtures';
import { fail, mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const DEPOSIT = adminDeposit({ id: '31', amount: '500', username: 'alice01' });

function mockDepositsApi(
  confirm = () =>
    ok<AdminDeposit>({
      ...DEPOSIT,
      status: 'confirmed',
      creditedAmount: '480.5',
      note: 'Bank charged 19.5 on the way',
      reviewedBy: '1',
      reviewedAt: '2026-03-02T10:05:00.000Z',
    }),
) {
  localStorage.setItem('adminToken', 'tok');
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('finance')),
    'GET /api/admin/deposits': () => ok<Page<AdminDeposit>>(page([DEPOSIT], 4)),
    'POST /api/admin/deposits/31/confirm': confirm,
  });
}

async function openConfirm(user: ReturnType<typeof userEvent.setup>) {
  const row = (await screen.findByText('alice01')).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Confirm' }));
  return findDialog('Confirm deposit #31');
}

describe('deposits', () => {
  test('a corrected amount needs a note; then both are posted with an idempotency key', async () => {
    const api = mockDepositsApi();
    const user = userEvent.setup();
    renderApp('/deposits');

    const modal = await openConfirm(user);
    expect(api.callsTo('GET', '/api/admin/deposits')[0]?.query.get('status')).toBe('pending');
    expect(within(modal).getByText('Credits 500 USDT to the available balance of alice01, once.')).toBeTruthy();

    await user.click(within(modal).getByLabelText('The money that arrived differs from the request'));
    await user.type(await within(modal).findByLabelText('Amount that arrived (USDT)'), '480.5');
    expect(
      await within(modal).findByText('Credits 480.5 USDT to the available balance of alice01, once.'),
    ).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: 'Confirm and credit' }));

    expect(await within(modal).findByText('A corrected amount needs a note')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/deposits/31/confirm')).toHaveLength(0);

    await user.click(within(modal).getByLabelText('Note'));
    await user.paste('Bank charged 19.5 on the way');
    await user.click(within(modal).getByRole('button', { name: 'Confirm and credit' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/admin/deposits/31/confirm')).toHaveLength(1));
    const call = api.callsTo('POST', '/api/admin/deposits/31/confirm')[0]!;
    expect(call.body).toEqual({ amount: '480.5', note: 'Bank charged 19.5 on the way' });
    expect(call.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByText('Deposit confirmed and credited')).toBeTruthy();
  });

  test('confirming as requested sends no amount; a refusal shows the server message', async () => {
    const api = mockDepositsApi(() => fail(409, 4014, 'This deposit was already handled'));
    const user = userEvent.setup();
    renderApp('/deposits');

    const modal = await openConfirm(user);
    await user.click(within(modal).getByRole('button', { name: 'Confirm and credit' }));

    expect(await within(modal).findByText('This deposit was already handled')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/deposits/31/confirm')[0]?.body).toEqual({});
  });
});
