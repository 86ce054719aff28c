import type { AdminProfile } from '@app/contract/admin';
import type { AdminOrder } from '@app/contract/admin-markets';
import type { Page } from '@app/contract/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { findDialog } from '../testing/find-dialog';
import { adminOrder, adminProfile, page } from '../testing/fixtures';
import { mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const WON = adminOrder();
const OPEN = adminOrder({
  account: 'practice',
  id: '9002',
  username: 'bob02',
  userId: '101',
  direction: 'down',
  status: 'open',
  exit: null,
  lowest: null,
  highest: null,
  payout: null,
  profit: null,
  settledAt: null,
});

function mockOrdersApi(role: 'support' | 'finance' | 'owner' = 'support') {
  localStorage.setItem('adminToken', 'tok');
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile(role)),
    'GET /api/admin/orders': () => ok<Page<AdminOrder>>(page([OPEN, WON])),
    'GET /api/admin/orders/9001': () => ok<AdminOrder>(WON),
  });
}

const lastListQuery = (api: ReturnType<typeof mockOrdersApi>) =>
  Object.fromEntries(api.callsTo('GET', '/api/admin/orders').at(-1)!.query);

describe('orders', () => {
  test('filters come from the address and go to the server; the list shows each order', async () => {
    const api = mockOrdersApi();
    renderApp('/orders?status=won&userId=100&symbol=BTCUSDT&direction=up&page=2&pageSize=50');

    const row = (await screen.findByText('alice01')).closest('tr')!;
    expect(within(row).getByText('Won')).toBeTruthy();
    expect(within(row).getByText('Buy rise')).toBeTruthy();
    expect(within(row).getByText('67250.12')).toBeTruthy();
    expect(within(row).getByText('67311.40')).toBeTruthy();
    expect(within(row).getByText('84 USDT')).toBeTruthy();
    expect(within((await screen.findByText('bob02')).closest('tr')!).getByText('Open')).toBeTruthy();
    // Issue 14: a practice order is listed, flagged as practice; a real one is not.
    expect(within((await screen.findByText('bob02')).closest('tr')!).getByText('Practice')).toBeTruthy();
    expect(within(row).queryByText('Practice')).toBeNull();
    expect(lastListQuery(api)).toEqual({
      status: 'won',
      userId: '100',
      symbol: 'BTCUSDT',
      direction: 'up',
      page: '2',
      pageSize: '50',
    });
  });

  test('changing a filter updates the address and the request, back to page 1', async () => {
    const api = mockOrdersApi('finance');
    const user = userEvent.setup();
    const { router } = renderApp('/orders?page=3');
    await screen.findByText('alice01');

    await user.click(screen.getByText('Lost'));
    await waitFor(() => expect(lastListQuery(api)).toEqual({ status: 'lost', page: '1', pageSize: '20' }));
    const symbol = screen.getByLabelText('Symbol');
    await user.type(symbol, 'ethusdt{Enter}');
    await waitFor(() => expect(lastListQuery(api)).toMatchObject({ status: 'lost', symbol: 'ETHUSDT' }));
    expect(router.state.location.search).toBe('?status=lost&symbol=ETHUSDT');
  });

  test('the detail drawer shows every field, with the entry and exit ticks, and offers no action', async () => {
    mockOrdersApi();
    const user = userEvent.setup();
    const { router } = renderApp('/orders');

    await user.click(await screen.findByText('alice01'));
    const drawer = await findDialog('Order #9001');
    expect(router.state.location.search).toBe('?open=9001');
    await within(drawer).findByText('Exit price');
    for (const text of ['alice01', 'Bitcoin', 'Buy rise', '1m', '100 USDT', '1 USDT', '0.85', '899 USDT']) {
      expect(within(drawer).getAllByText(text).length).toBeGreaterThan(0);
    }
    const field = (label: string) => within(drawer).getByText(label).closest('th')!.nextElementSibling!.textContent;
    expect(field('Entry price')).toBe('67250.12');
    expect(field('Exit price')).toBe('67311.40');
    expect(field('Entry tick time')).toMatch(/^2026-03-05 \d\d:00:01\.000$/);
    expect(field('Exit tick time')).toMatch(/^2026-03-05 \d\d:01:00\.000$/);
    expect(field('Lowest in window')).toBe('67190.01');
    expect(field('Highest in window')).toBe('67320.55');
    expect(field('Payout')).toBe('185 USDT');
    expect(field('Profit')).toBe('84 USDT');
    expect(field('Settled')).toMatch(/^2026-03-05 \d\d:01:01$/);
    expect(field('Price source')).toBe('Simulated');
    expect(
      within(drawer)
        .queryAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Close']);
  });

  test('reviewers and content cannot open orders', async () => {
    localStorage.setItem('adminToken', 'tok');
    mockApi({ 'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('reviewer')) });
    renderApp('/orders');
    expect(await screen.findByText('Not allowed')).toBeTruthy();
  });
});
