import type { LoginHistoryPage, UserSession } from '@app/contract/sessions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRealtimeClient } from '../../../lib/realtime';
import { setToken } from '../../../lib/storage';
import { installFakeSocket } from '../../../test/markets-fixtures';
import { mockApi, ok, renderScreen } from '../../../test/render';
import SessionsPage from './sessions-page';

const CURRENT: UserSession = {
  id: '10',
  device: { browser: 'Chrome 121', os: 'Windows 10', type: 'desktop' },
  ip: '198.51.100.4',
  createdAt: '2026-11-20T08:00:00Z',
  lastSeenAt: '2026-11-24T08:00:00Z',
  isCurrent: true,
};
const PHONE: UserSession = {
  id: '11',
  device: { browser: 'Chrome 120', os: 'Android 14', type: 'mobile' },
  ip: '203.0.113.9',
  createdAt: '2026-11-21T08:00:00Z',
  lastSeenAt: '2026-11-23T08:00:00Z',
  isCurrent: false,
};
const HISTORY: LoginHistoryPage = {
  list: [
    { id: '3', at: '2026-11-21T08:00:00Z', ip: '203.0.113.9', device: PHONE.device, outcome: 'success' },
    { id: '2', at: '2026-11-21T07:59:00Z', ip: '203.0.113.9', device: PHONE.device, outcome: 'password_incorrect' },
    {
      id: '1',
      at: '2026-11-20T08:00:00Z',
      ip: null,
      device: { browser: null, os: null, type: 'other' },
      outcome: 'account_locked',
    },
  ],
  total: 3,
  page: 1,
  pageSize: 20,
};

describe('devices and sign-ins (/sessions)', () => {
  beforeEach(() => installFakeSocket());
  afterEach(() => {
    resetRealtimeClient();
    vi.unstubAllGlobals();
  });

  it('lists the devices with this one marked, and the sign-ins with their outcome', async () => {
    setToken('user-token');
    mockApi({
      '/user/sessions': ok<UserSession[]>([CURRENT, PHONE]),
      '/user/login_history': ok<LoginHistoryPage>(HISTORY),
    });
    renderScreen(<SessionsPage />, { path: '/sessions' });
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Computer · Chrome 121 · Windows 10');
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(rows[1]).toHaveTextContent('Phone · Chrome 120 · Android 14');
    expect(rows[1]).toHaveTextContent('IP 203.0.113.9');
    const attempts = await screen.findAllByTestId('login-attempt');
    expect(attempts.map((a) => a.querySelector('span')?.textContent)).toEqual([
      'Signed in',
      'Wrong password',
      'Refused: account locked',
    ]);
    expect(attempts[2]).toHaveTextContent('Unknown device');
  });

  it('signs another device out after confirmation', async () => {
    setToken('user-token');
    let sessions = [CURRENT, PHONE];
    const { calls } = mockApi({
      '/user/sessions': () => ok<UserSession[]>(sessions),
      '/user/login_history': ok<LoginHistoryPage>({ ...HISTORY, list: [], total: 0 }),
      '/user/sessions/end': () => {
        sessions = [CURRENT];
        return ok<null>(null);
      },
    });
    renderScreen(<SessionsPage />, { path: '/sessions' });
    const rows = await screen.findAllByTestId('session-row');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Sign this device out? It will need the password to sign in again.');
    fireEvent.click(within(dialog).getByText('Sign out'));
    await waitFor(() => expect(calls.find((c) => c.path === '/user/sessions/end')?.body).toEqual({ id: '11' }));
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    expect(screen.getByText('No other device is signed in.')).toBeInTheDocument();
    expect(screen.getByText('No sign-ins in the last 90 days.')).toBeInTheDocument();
  });
});
