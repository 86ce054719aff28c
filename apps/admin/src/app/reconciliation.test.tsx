import type { AdminProfile } from '@app/contract/admin';
import type { Reconciliation } from '@app/contract/ledger';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { adminProfile, reconciliation } from '../testing/fixtures';
import { mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

function mockReconciliation(report: ReturnType<typeof reconciliation>) {
  localStorage.setItem('adminToken', 'tok');
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('finance')),
    'GET /api/admin/reconciliation': () => ok<Reconciliation>(report),
  });
}

describe('reconciliation', () => {
  test('books that do not balance raise the alarm and name the failed check', async () => {
    mockReconciliation(reconciliation({ isBalanced: false, postingsSum: { USDT: '12.5' }, journalsNotBalanced: 2 }));
    renderApp('/reconciliation');

    const alarm = await screen.findByRole('alert');
    expect(within(alarm).getByText('The books do NOT balance')).toBeTruthy();
    expect(screen.queryByText('Books balance')).toBeNull();
    const failedCheck = screen.getByText('Journals whose postings do not sum to zero').closest('.ant-flex')!;
    expect(within(failedCheck.parentElement!).getByText('Failed')).toBeTruthy();
    expect(screen.getAllByText('Failed')).toHaveLength(2);
  });

  test('balanced books show the green verdict, the trial balance, and re-run asks again', async () => {
    const api = mockReconciliation(reconciliation());
    const user = userEvent.setup();
    renderApp('/reconciliation');

    expect(await screen.findByText('Books balance')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('platform:deposits')).toBeTruthy();
    expect(screen.getByText('-1,500 USDT')).toBeTruthy();
    expect(screen.queryByText('Failed')).toBeNull();

    await user.click(screen.getByRole('button', { name: /Re-run/ }));
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/reconciliation')).toHaveLength(2));
  });
});
