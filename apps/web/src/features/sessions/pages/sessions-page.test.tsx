import type { LoginHistoryPage, UserSession } from '@app/contract/sessions';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
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
    { id: '5', at: '2026-11-21T08:02:00Z', ip: '203.0.113.9', device: PHONE.device, outcome: 'passkey_failed' },
    { id: '4', at: '2026-11-21T08:01:00Z', ip: '203.0.113.9', device: PHONE.device, outcome: 'two_factor_incorrect' },
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
  total: 5,
  page: 1,
  pageSize: 20,
};

describe('devices and sign-ins (/sessions)', () => {
  beforeEach(() => installFakeSocket());
  afterEach(async () => {
    resetRealtimeClient();
    vi.unstubAllGlobals();
    await act(() => changeLang('en'));
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
      'Passkey sign-in refused',
      'Wrong verification code',
      'Signed in',
      'Wrong password',
      'Refused: account locked',
    ]);
    expect(attempts[4]).toHaveTextContent('Unknown device');
  });

  it('names the refused second steps in Vietnamese and Traditional Chinese too', async () => {
    setToken('user-token');
    mockApi({
      '/user/sessions': ok<UserSession[]>([CURRENT]),
      '/user/login_history': ok<LoginHistoryPage>({ ...HISTORY, list: HISTORY.list.slice(0, 2), total: 2 }),
    });
    for (const [lang, labels] of [
      ['vn', ['Đăng nhập bằng khóa truy cập bị từ chối', 'Sai mã xác minh']],
      ['zn', ['通行金鑰登入遭拒', '驗證碼錯誤']],
    ] as const) {
      await act(() => changeLang(lang));
      const { unmount } = renderScreen(<SessionsPage />, { path: '/sessions' });
      await waitFor(() =>
        expect(screen.getAllByTestId('login-attempt').map((a) => a.querySelector('span')?.textContent)).toEqual(labels),
      );
      unmount();
    }
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
