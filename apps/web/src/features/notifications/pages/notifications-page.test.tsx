import type { NotificationPage, NotificationPreference } from '@app/contract/notifications';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLang } from '../../../lib/i18n';
import { resetRealtimeClient } from '../../../lib/realtime';
import { setToken } from '../../../lib/storage';
import { FakeSocket } from '../../../test/fake-socket';
import { installFakeSocket } from '../../../test/markets-fixtures';
import { mockApi, ok, renderScreen } from '../../../test/render';
import { NotificationBell } from '../components/notification-bell';
import NotificationSettingsPage from './notification-settings-page';
import NotificationsPage from './notifications-page';

const page = (list: NotificationPage['list'], unread: number): NotificationPage => ({
  list,
  total: list.length,
  page: 1,
  pageSize: 20,
  unread,
});

const NEW_DEVICE = {
  id: '5',
  kind: 'new_device_sign_in' as const,
  params: { device: 'Chrome 120 · Android 14', ip: '203.0.113.9' },
  isRead: false,
  createdAt: '2026-11-20T08:00:00Z',
};
const WITHDRAWAL = {
  id: '4',
  kind: 'withdrawal_state' as const,
  params: { id: '12', status: 'paid', amount: '1250.5' },
  isRead: true,
  createdAt: '2026-11-19T08:00:00Z',
};

describe('notification centre', () => {
  beforeEach(() => installFakeSocket());
  afterEach(async () => {
    resetRealtimeClient();
    vi.unstubAllGlobals();
    await changeLang('en');
  });

  it('renders each notice from its kind and params, marks one read and all read', async () => {
    setToken('user-token');
    let unread = 1;
    const { calls } = mockApi({
      '/notification/list': () =>
        ok<NotificationPage>(page([{ ...NEW_DEVICE, isRead: unread === 0 }, WITHDRAWAL], unread)),
      '/notification/unread': () => ok<{ unread: number }>({ unread }),
      '/notification/read': () => {
        unread = 0;
        return ok<{ unread: number }>({ unread });
      },
      '/notification/read_all': () => {
        unread = 0;
        return ok<null>(null);
      },
    });
    renderScreen(<NotificationsPage />, { path: '/notifications' });
    expect(await screen.findByText('Sign-in from a new device')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your account was signed in on Chrome 120 · Android 14 (IP 203.0.113.9). If this was not you, change your password and sign that device out.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Withdrawal of 1,250.5 USDT: paid out.')).toBeInTheDocument();
    expect(await screen.findByText('Notifications, 1 unread')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/notification/read')?.body).toEqual({ ids: ['5'] }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark read' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('reads the same notice in Vietnamese and Chinese', async () => {
    setToken('user-token');
    mockApi({
      '/notification/list': ok<NotificationPage>(page([WITHDRAWAL], 0)),
      '/notification/unread': ok<{ unread: number }>({ unread: 0 }),
    });
    await changeLang('vn');
    renderScreen(<NotificationsPage />, { path: '/notifications' });
    expect(await screen.findByText('Rút 1.250,5 USDT: đã chi trả.')).toBeInTheDocument();
    await act(() => changeLang('zn'));
    expect(await screen.findByText('提現 1,250.5 USDT：已出款。')).toBeInTheDocument();
    expect(screen.getByText('提現進度')).toBeInTheDocument();
  });

  it('the bell shows the unread count and follows the socket live', async () => {
    setToken('user-token');
    mockApi({
      '/notification/unread': ok<{ unread: number }>({ unread: 2 }),
    });
    renderScreen(<NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent('2');
    const socket = FakeSocket.instances[0]!;
    socket.open();
    expect(socket.sent).toContainEqual({ op: 'auth', token: 'user-token' });
    socket.push({ type: 'notification', notification: NEW_DEVICE, unread: 3 });
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toHaveTextContent('3');
  });

  it('settings: security notices are shown always on and cannot be switched off', async () => {
    setToken('user-token');
    const preferences: NotificationPreference[] = [
      { kind: 'new_device_sign_in', enabled: true, isRequired: true },
      { kind: 'withdrawal_state', enabled: true, isRequired: false },
    ];
    const { calls } = mockApi({
      '/notification/preferences': ok<NotificationPreference[]>(preferences),
      '/notification/preferences/set': ok<NotificationPreference[]>([
        preferences[0]!,
        { kind: 'withdrawal_state', enabled: false, isRequired: false },
      ]),
    });
    renderScreen(<NotificationSettingsPage />, { path: '/notificationSettings' });
    const security = await screen.findByRole('switch', { name: 'Sign-in from a new device' });
    expect(security).toBeChecked();
    expect(security).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(/Always on/)).toBeInTheDocument();
    fireEvent.click(security);
    fireEvent.click(screen.getByRole('switch', { name: 'Withdrawal updates' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Withdrawal updates' })).not.toBeChecked());
    expect(calls.filter((c) => c.path === '/notification/preferences/set').map((c) => c.body)).toEqual([
      { kind: 'withdrawal_state', enabled: false },
    ]);
  });
});
