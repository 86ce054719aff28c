import type { AdminProfile, AdminUser } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import type { AdminWithdrawalDestinations } from '@app/contract/wallet';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { formatDateTime } from '../lib/format';
import { adminProfile, adminUser } from '../testing/fixtures';
import { mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const ALICE = adminUser({ id: '100', username: 'alice01' });
const CARD_BOUND = '2026-11-20T10:00:00.000Z';
const ADDRESS_BOUND = '2026-11-24T09:00:00.000Z';
const ADDRESS_USABLE = '2026-11-25T09:00:00.000Z';
const LOCKED_UNTIL = '2026-11-25T12:00:00.000Z';

function mockDestinationsApi(destinations: AdminWithdrawalDestinations) {
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('support')),
    'GET /api/admin/users': () => ok<Page<AdminUser>>({ list: [ALICE], total: 1, page: 1, pageSize: 20 }),
    'GET /api/admin/users/100': () => ok<AdminUser>(ALICE),
    'GET /api/admin/users/100/withdrawal_destinations': () => ok<AdminWithdrawalDestinations>(destinations),
  });
}

async function findDrawer(): Promise<HTMLElement> {
  const heading = await screen.findByText('User alice01', { selector: '.ant-drawer-title' });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}

describe('the user drawer: withdrawal destinations (issue 14)', () => {
  test('each destination with its bound-at time and cooldown, and the user’s protection, read-only', async () => {
    localStorage.setItem('adminToken', 'tok');
    mockDestinationsApi({
      protection: { isOn: true, cooldownHours: 24, lockedUntil: LOCKED_UNTIL },
      card: { bankName: 'Vietcombank', cardNumber: '**** **** **** 5678', boundAt: CARD_BOUND, usableAt: null },
      addresses: [
        {
          id: '3',
          address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
          label: 'Binance',
          boundAt: ADDRESS_BOUND,
          usableAt: ADDRESS_USABLE,
        },
      ],
    });
    renderApp('/users?user=100');
    const drawer = await findDrawer();
    expect(await within(drawer).findByText('Withdrawal destinations')).toBeTruthy();
    expect(within(drawer).getByText('On (default)')).toBeTruthy();
    expect(within(drawer).getByText('Cooldown: 24 h')).toBeTruthy();
    expect(
      within(drawer).getByText(
        `Cannot be turned off before ${formatDateTime(LOCKED_UNTIL)} (recent password or second-factor change)`,
      ),
    ).toBeTruthy();
    expect(within(drawer).getByText('Vietcombank **** **** **** 5678')).toBeTruthy();
    expect(within(drawer).getByText(`bound ${formatDateTime(CARD_BOUND)}`)).toBeTruthy();
    expect(within(drawer).getByText('usable')).toBeTruthy();
    expect(within(drawer).getByText('TRC20 · Binance')).toBeTruthy();
    expect(within(drawer).getByText(`bound ${formatDateTime(ADDRESS_BOUND)}`)).toBeTruthy();
    expect(within(drawer).getByText(`cooling down until ${formatDateTime(ADDRESS_USABLE)}`)).toBeTruthy();
    expect(within(drawer).queryByRole('switch')).toBeNull();
  });

  test('a user who turned it off, with nothing bound', async () => {
    localStorage.setItem('adminToken', 'tok');
    mockDestinationsApi({
      protection: { isOn: false, cooldownHours: 24, lockedUntil: null },
      card: null,
      addresses: [],
    });
    renderApp('/users?user=100');
    const drawer = await findDrawer();
    expect(await within(drawer).findByText('Off (the user turned it off)')).toBeTruthy();
    expect(within(drawer).getByText('No card bound')).toBeTruthy();
    expect(within(drawer).getByText('No withdrawal address bound')).toBeTruthy();
  });
});
