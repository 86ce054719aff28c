import type { SupportUnread } from '@app/contract/support';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRealtimeClient } from '../lib/realtime';
import { setToken } from '../lib/storage';
import { FakeSocket } from '../test/fake-socket';
import { installFakeSocket } from '../test/markets-fixtures';
import { mockApi, ok, renderScreen } from '../test/render';
import { TabLayout } from './tab-layout';

describe('tab bar support badge', () => {
  beforeEach(() => installFakeSocket());
  afterEach(() => {
    resetRealtimeClient();
    vi.unstubAllGlobals();
  });

  it('shows the unread count on the support tab and follows the live updates', async () => {
    setToken('user-token');
    mockApi({ '/support/unread': ok<SupportUnread>({ unread: 3 }) });
    renderScreen(<TabLayout />, { path: '/' });
    expect(await screen.findByText('3 unread')).toBeInTheDocument();
    const socket = FakeSocket.instances[0]!;
    act(() => socket.open());
    act(() =>
      socket.push({
        type: 'support_message',
        message: {
          id: '9',
          conversationId: '1',
          sender: 'admin',
          adminUsername: null,
          text: 'hi',
          image: null,
          createdAt: '2025-03-03T10:00:00.000Z',
        },
        unread: 4,
      }),
    );
    expect(await screen.findByText('4 unread')).toBeInTheDocument();
    act(() => socket.push({ type: 'support_unread', unread: 0, adminLastReadId: '0' }));
    await waitFor(() => expect(screen.queryByText(/unread/)).not.toBeInTheDocument());
  });

  it('asks nothing for a visitor who never opened the chat', async () => {
    const { calls } = mockApi({});
    renderScreen(<TabLayout />, { path: '/' });
    expect(await screen.findByText('Support')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/support'))).toEqual([]);
    expect(FakeSocket.instances).toHaveLength(0);
  });
});
