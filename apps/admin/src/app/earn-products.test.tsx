import type { AdminProfile, AdminRole } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import type { AdminWealthOrder, AdminWealthProduct } from '@app/contract/wealth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { findDialog } from '../testing/find-dialog';
import { adminProfile } from '../testing/fixtures';
import { fail, mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const SEVEN = {
  id: '1',
  name: 'USDT 7-Day Steady',
  nameI18n: { en: 'USDT 7-Day Steady', vn: 'USDT 7 ngày ổn định', zn: '' },
  currency: 'USDT',
  cycleDays: 7,
  dailyRate: '0.0003',
  minAmount: '100',
  maxPerUser: '50000',
  quotaTotal: '1000000',
  quotaRemaining: '750000',
  enabled: true,
  sort: 1,
  soldAmount: '250000',
  earningOrders: 12,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
} satisfies AdminWealthProduct;

const ORDER = {
  id: '42',
  userId: '9',
  username: 'alice01',
  productId: '1',
  productName: 'USDT 7-Day Steady',
  productNameI18n: { en: 'USDT 7-Day Steady', vn: 'USDT 7 ngày ổn định', zn: 'USDT 7-Day Steady' },
  amount: '1000',
  cycleDays: 7,
  dailyRate: '0.0003',
  dailyInterest: '0.3',
  estimatedEarnings: '2.1',
  purchaseDate: '2026-03-10',
  startDate: '2026-03-11',
  endDate: '2026-03-17',
  maturesAt: '2026-03-18T00:00:00.000Z',
  status: 'earning',
  accruedProfit: '0.9',
  daysPaid: 3,
  daysLeft: 4,
  createdAt: '2026-03-10T08:00:00.000Z',
  completedAt: null,
} satisfies AdminWealthOrder;

function signInAs(role: AdminRole, handlers: Parameters<typeof mockApi>[0] = {}) {
  localStorage.setItem('adminToken', 'tok');
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile(role)),
    'GET /api/admin/wealth/products': () => ok<AdminWealthProduct[]>([SEVEN]),
    'GET /api/admin/wealth/orders': () =>
      ok<Page<AdminWealthOrder>>({ list: [ORDER], total: 1, page: 1, pageSize: 20 }),
    ...handlers,
  });
}

/** One change event per field: typing key by key is slow in jsdom with antd forms. */
const fill = (element: HTMLElement, text: string) => fireEvent.change(element, { target: { value: text } });

describe('locked-deposit products', () => {
  test('lists products with quota sold and remaining; content creates one', async () => {
    const api = signInAs('content', {
      'POST /api/admin/wealth/products': () => ok<AdminWealthProduct>({ ...SEVEN, id: '4' }),
    });
    const user = userEvent.setup();
    renderApp('/earn-products');
    // The first render loads the lazy screen: give it time on a busy machine.
    const row = (await screen.findByText('USDT 7-Day Steady', undefined, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText('7 days')).toBeTruthy();
    expect(within(row).getByText('250,000 USDT / 1,000,000 USDT')).toBeTruthy();
    expect(within(row).getByText('750,000 USDT')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New product' }));
    const drawer = await findDialog('New locked-deposit product');
    fill(within(drawer).getByLabelText('Name (English)'), 'USDT 14-Day');
    fill(within(drawer).getByLabelText('Name (繁體中文)'), ' USDT 14天 ');
    fill(within(drawer).getByLabelText('Pledge cycle (days)'), '14');
    fill(within(drawer).getByLabelText('Daily rate of return (0.0003 is 0.03 % a day)'), '0.5');
    fill(within(drawer).getByLabelText('Single minimum (USDT)'), '50');
    fill(within(drawer).getByLabelText('Maximum per user (USDT)'), '1000');
    fill(within(drawer).getByLabelText('Total quota (USDT)'), '200000');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Above 0, at most 0.1, at most 6 decimals')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/wealth/products')).toHaveLength(0);

    fill(within(drawer).getByLabelText('Daily rate of return (0.0003 is 0.03 % a day)'), '0.00035');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/wealth/products')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/wealth/products')[0]?.body).toEqual({
      nameI18n: { en: 'USDT 14-Day', vn: '', zn: 'USDT 14天' },
      cycleDays: 14,
      dailyRate: '0.00035',
      minAmount: '50',
      maxPerUser: '1000',
      quotaTotal: '200000',
      enabled: true,
      sort: 0,
    });
    expect(await screen.findByText('Product created')).toBeTruthy();
  });

  test('the editor edits the three names: English required, an empty vn or zn falls back to English, the server’s refusal lands on its field', async () => {
    const api = signInAs('content', {
      'PATCH /api/admin/wealth/products/1': (call) =>
        (call.body as { nameI18n: { vn: string } }).nameI18n.vn.length > 20
          ? fail(400, 1001, 'Please check the highlighted fields', {
              fields: { 'nameI18n.vn': 'The product name is at most 64 characters' },
            })
          : ok<AdminWealthProduct>(SEVEN),
    });
    const user = userEvent.setup();
    renderApp('/earn-products');
    // The list shows the three names; the one not written says so.
    const row = (await screen.findByText('USDT 7-Day Steady', undefined, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText('vn: USDT 7 ngày ổn định · zn: (not written)')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Edit USDT 7-Day Steady' }));
    const drawer = await findDialog('Edit USDT 7-Day Steady');
    const english = within(drawer).getByLabelText('Name (English)');
    const chinese = within(drawer).getByLabelText('Name (繁體中文)');
    expect((english as HTMLInputElement).value).toBe('USDT 7-Day Steady');
    expect((within(drawer).getByLabelText('Name (Tiếng Việt)') as HTMLInputElement).value).toBe('USDT 7 ngày ổn định');
    expect((chinese as HTMLInputElement).value).toBe('');
    expect(chinese.getAttribute('placeholder')).toBe('USDT 7-Day Steady');
    expect(
      within(drawer).getAllByText('Optional: left empty, the app shows the English name in this language.'),
    ).toHaveLength(2);

    fill(english, '  ');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Please enter the English name')).toBeTruthy();
    expect(api.callsTo('PATCH', '/api/admin/wealth/products/1')).toHaveLength(0);

    fill(english, 'USDT 7-Day Steady');
    fill(chinese, 'USDT 7天穩健');
    fill(within(drawer).getByLabelText('Name (Tiếng Việt)'), 'USDT 7 ngày ổn định và rất dài');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('The product name is at most 64 characters')).toBeTruthy();

    fill(within(drawer).getByLabelText('Name (Tiếng Việt)'), '');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/admin/wealth/products/1')).toHaveLength(2));
    expect(api.callsTo('PATCH', '/api/admin/wealth/products/1')[1]?.body).toMatchObject({
      nameI18n: { en: 'USDT 7-Day Steady', vn: '', zn: 'USDT 7天穩健' },
    });
    expect(await screen.findByText('Product saved')).toBeTruthy();
  });

  test("an edit that would drop the quota below what is sold shows the server's reason", async () => {
    const api = signInAs('content', {
      'PATCH /api/admin/wealth/products/1': () =>
        fail(422, 4505, 'The total quota cannot be below the amount already sold'),
    });
    const user = userEvent.setup();
    renderApp('/earn-products');
    await user.click(await screen.findByRole('button', { name: 'Edit USDT 7-Day Steady' }));
    const drawer = await findDialog('Edit USDT 7-Day Steady');
    fill(within(drawer).getByLabelText('Total quota (USDT)'), '1000');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('The total quota cannot be below the amount already sold')).toBeTruthy();
    expect(api.callsTo('PATCH', '/api/admin/wealth/products/1')[0]?.body).toMatchObject({ quotaTotal: '1000' });
  });

  test('support reads products and orders but cannot create or edit', async () => {
    signInAs('support');
    const user = userEvent.setup();
    renderApp('/earn-products');
    await screen.findByText('USDT 7-Day Steady');
    expect(screen.queryByRole('button', { name: 'New product' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit USDT 7-Day Steady' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Orders' }));
    const row = (await screen.findByText('alice01')).closest('tr')!;
    expect(within(row).getByText('1,000 USDT')).toBeTruthy();
    expect(within(row).getByText('0.9 USDT')).toBeTruthy();
    expect(within(row).getByText('2026-03-11 – 2026-03-17')).toBeTruthy();
    expect(within(row).getByText('Earning')).toBeTruthy();
  });

  test('a reviewer cannot open the screen', async () => {
    signInAs('reviewer');
    renderApp('/earn-products');
    expect(await screen.findByText('Your role cannot use this page.', undefined, { timeout: 10_000 })).toBeTruthy();
  });
});
