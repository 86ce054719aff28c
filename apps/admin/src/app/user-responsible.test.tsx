import type { AdminProfile, AdminUser } from '@app/contract/admin';
import type { Page } from '@app/contract/common';
import { LIMIT_NAMES, type ResponsibleState } from '@app/contract/responsible-trading';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { formatDateTime } from '../lib/format';
import { adminProfile, adminUser } from '../testing/fixtures';
import { mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const ALICE = adminUser({ id: '100', username: 'alice01' });
const UNTIL = '2027-05-25T10:00:00.000Z';
const STATE: ResponsibleState = {
  limits: LIMIT_NAMES.map((name) =>
    name === 'lossDay'
      ? { name, value: '100', pending: { value: '300', effectiveAt: '2026-11-26T10:00:00.000Z' } }
      : { name, value: null, pending: null },
  ),
  realityCheckMinutes: 30,
  exclusion: { kind: 'self_exclusion', since: '2026-11-25T10:00:00.000Z', until: UNTIL },
};

describe("a user's own limits and exclusion in the drawer", () => {
  test('are shown read-only, with no control to change or lift them', async () => {
    localStorage.setItem('adminToken', 'tok');
    mockApi({
      'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile('owner')),
      'GET /api/admin/users': () => ok<Page<AdminUser>>({ list: [ALICE], total: 1, page: 1, pageSize: 20 }),
      'GET /api/admin/users/100': () => ok<AdminUser>(ALICE),
      'GET /api/admin/users/100/responsible': () => ok<ResponsibleState>(STATE),
    });
    renderApp('/users?user=100');
    const heading = await screen.findByText('User alice01', { selector: '.ant-drawer-title' });
    const drawer = heading.closest<HTMLElement>('[role="dialog"]')!;
    expect(await within(drawer).findByText(`Self-exclusion until ${formatDateTime(UNTIL)}`)).toBeTruthy();
    const section = within(drawer).getByText('Responsible trading (set by the user, read-only)');
    expect(section).toBeTruthy();
    expect(within(drawer).getByText(/100\.?0* USDT → 300\.?0* USDT from/)).toBeTruthy();
    expect(within(drawer).getByText('every 30 min')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: /lift|remove|exclusion/i })).toBeNull();
  });
});
