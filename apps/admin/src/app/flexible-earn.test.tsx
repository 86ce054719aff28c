import type { AdminProfile, AdminRole } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import type { FlexibleRate, FlexibleSummary } from '@app/contract/flexible-earn';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { adminProfile, page } from '../testing/fixtures';
import { fail, mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const SUMMARY: FlexibleSummary = {
  dailyRatePercent: '0.02',
  nextDailyRatePercent: null,
  nextRateFrom: null,
  today: '2025-03-03',
  platformTimeZone: 'Asia/Ho_Chi_Minh',
  totalHeld: '125000.5',
  holders: 42,
  totalInterestPaid: '310.25',
  yesterdayInterestPaid: '25.000001',
  lastPaidDay: '2025-03-02',
  daysPending: 0,
};

const RATES: FlexibleRate[] = [
  {
    id: '2',
    dailyRatePercent: '0.03',
    effectiveFrom: '2025-03-04',
    adminUsername: 'content-admin',
    createdAt: '2025-03-03T08:00:00Z',
  },
  {
    id: '1',
    dailyRatePercent: '0.02',
    effectiveFrom: '2000-01-01',
    adminUsername: null,
    createdAt: '2025-01-01T00:00:00Z',
  },
];

function mockFlexibleApi(role: AdminRole, post = () => ok<FlexibleRate>(RATES[0]!)) {
  localStorage.setItem('adminToken', 'tok');
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile(role)),
    'GET /api/admin/flexible-earn/summary': () => ok<FlexibleSummary>(SUMMARY),
    'GET /api/admin/flexible-earn/rates': () => ok<Page<FlexibleRate>>(page(RATES)),
    'POST /api/admin/flexible-earn/rates': post,
  });
}

describe('flexible earn', () => {
  test('shows the totals held and paid, today’s rate and the rate history', async () => {
    mockFlexibleApi('finance');
    renderApp('/flexible-earn');
    expect(await screen.findByText('125,000.5 USDT', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getByText('310.25 USDT')).toBeTruthy();
    expect(screen.getByText('25.000001 USDT')).toBeTruthy();
    expect(screen.getByText('Platform time zone Asia/Ho_Chi_Minh; today is 2025-03-03.')).toBeTruthy();
    expect(await screen.findByText('2025-03-04')).toBeTruthy();
    expect(screen.getByText('Initial rate')).toBeTruthy();
    // Finance reads; only content (and the owner) set the rate.
    expect(screen.queryByText('Set the daily rate')).toBeNull();
  });

  test('content schedules a rate; a bad rate is refused before the call', async () => {
    const api = mockFlexibleApi('content');
    renderApp('/flexible-earn');
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Daily rate', {}, { timeout: 10_000 });
    await user.type(field, '2');
    await user.click(screen.getByRole('button', { name: 'Schedule rate' }));
    expect(await screen.findByText('A percent a day from 0 to 1 with at most 6 decimals, e.g. 0.02')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/flexible-earn/rates')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '0.03');
    await user.click(screen.getByRole('button', { name: 'Schedule rate' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/flexible-earn/rates')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/flexible-earn/rates')[0]!.body).toEqual({ dailyRatePercent: '0.03' });
    expect(await screen.findByText('0.03% a day from 2025-03-04')).toBeTruthy();
  });

  test("the server's refusal is shown", async () => {
    mockFlexibleApi('owner', () => fail(422, 4603, 'A new rate can start from tomorrow at the earliest'));
    renderApp('/flexible-earn');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Daily rate', {}, { timeout: 10_000 }), '0.05');
    await user.click(screen.getByRole('button', { name: 'Schedule rate' }));
    expect(await screen.findByText('A new rate can start from tomorrow at the earliest')).toBeTruthy();
  });

  test('support cannot open it', async () => {
    mockFlexibleApi('support');
    renderApp('/flexible-earn');
    expect(await screen.findByText(/not allowed|permission/i)).toBeTruthy();
  });
});
