import type { AdminProfile } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import type { AdminWithdrawal } from '@app/contract/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { findDialog } from '../testing/find-dialog';
import { adminProfile, adminWithdrawal, page } from '../testing/fixtures';
import { fail, mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const NEEDS_FIRST = adminWithdrawal({ id: '51', username: 'big01', needsSecondApproval: true });
const NEEDS_SECOND = adminWithdrawal({
  id: '52',
  username: 'big02',
  status: 'approved',
  needsSecondApproval: true,
  firstApprovedBy: '1',
});
const SMALL = adminWithdrawal({
  id: '53',
  username: 'small03',
  method: 'bank',
  amount: '100',
  netAmount: '98',
  destinationDetail: { bankName: 'Vietcombank', holderName: 'Tran Thi B', cardNumber: '9704123412341234' },
});

function mockWithdrawalsApi() {
  localStorage.setItem('adminToken', 'tok');
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('finance')),
    'GET /api/admin/withdrawals': () => ok<Page<AdminWithdrawal>>(page([NEEDS_FIRST, NEEDS_SECOND, SMALL])),
    'POST /api/admin/withdrawals/51/approve': () => ok<AdminWithdrawal>({ ...NEEDS_FIRST, status: 'approved' }),
    'POST /api/admin/withdrawals/52/approve': () =>
      fail(403, 4016, 'A different operator must give the second approval'),
  });
}

const rowOf = async (username: string) => (await screen.findByText(username)).closest('tr')!;

describe('withdrawals', () => {
  test('the approve button names the step: first approval or approve and pay', async () => {
    const api = mockWithdrawalsApi();
    renderApp('/withdrawals');

    expect(within(await rowOf('big01')).getByRole('button', { name: 'First approval' })).toBeTruthy();
    expect(within(await rowOf('big02')).getByRole('button', { name: 'Approve and mark paid' })).toBeTruthy();
    expect(within(await rowOf('small03')).getByRole('button', { name: 'Approve and mark paid' })).toBeTruthy();
    expect(within(await rowOf('big01')).queryByRole('button', { name: 'Approve and mark paid' })).toBeNull();
    expect(within(await rowOf('big02')).getByText(/1st approval: admin #1 \(you\)/)).toBeTruthy();
    expect(api.callsTo('GET', '/api/admin/withdrawals')[0]?.query.get('status')).toBe('pending');
  });

  test('first approval posts with an idempotency key and shows where the money goes', async () => {
    const api = mockWithdrawalsApi();
    const user = userEvent.setup();
    renderApp('/withdrawals');

    await user.click(within(await rowOf('big01')).getByRole('button', { name: 'First approval' }));
    const modal = await findDialog('First approval · #51');
    expect(within(modal).getByText('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBeTruthy();
    expect(within(modal).getByText(/a different finance operator must approve it again/)).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: 'First approval' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/admin/withdrawals/51/approve')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/withdrawals/51/approve')[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByText('First approval recorded; waiting for a second operator')).toBeTruthy();
  });

  test('the server refusing the same operator (4016) is shown in the dialog', async () => {
    const api = mockWithdrawalsApi();
    const user = userEvent.setup();
    renderApp('/withdrawals');

    await user.click(within(await rowOf('big02')).getByRole('button', { name: 'Approve and mark paid' }));
    const modal = await findDialog('Approve and mark paid · #52');
    expect(within(modal).getByText(/You gave the first approval/)).toBeTruthy();
    await user.type(within(modal).getByLabelText('Payout reference'), 'TX-778');
    await user.click(within(modal).getByRole('button', { name: 'Approve and mark paid' }));

    expect(await within(modal).findByText('A different operator must give the second approval')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/withdrawals/52/approve')[0]?.body).toEqual({ payoutReference: 'TX-778' });
  });
});
