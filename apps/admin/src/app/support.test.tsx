import type { AdminProfile, AdminUser } from '@app/contract/admin';
import type { AdminOrder } from '@app/contract/admin-markets';
import type { Page } from '@app/contract/common';
import type { BalanceList } from '@app/contract/ledger';
import type { ServerMessage } from '@app/contract/realtime';
import type {
  AdminSupportConversation,
  AdminSupportConversationDetail,
  adminSupportUnreadSchema,
  QuickReply,
  SupportAgent,
  SupportInboxEvent,
  SupportMessage,
} from '@app/contract/support';
import type { AdminDeposit } from '@app/contract/wallet';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { type AdminSocketLike, setSupportSocketFactory } from '../features/support/support-socket';
import { adminDeposit, adminOrder, adminProfile, adminUser, page } from '../testing/fixtures';
import { mockApi, ok } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const CONVERSATION = {
  id: '5',
  userId: '12',
  username: 'alice01',
  isVisitor: false,
  status: 'open',
  assignedAdminId: null,
  assignedAdminUsername: null,
  unread: 2,
  userLastReadId: '0',
  lastMessagePreview: 'Where is my deposit?',
  lastMessageAt: '2026-01-02T10:00:00.000Z',
  createdAt: '2026-01-02T09:00:00.000Z',
} satisfies AdminSupportConversation;

const message = (id: string, sender: 'user' | 'admin', text: string): SupportMessage => ({
  id,
  conversationId: '5',
  sender,
  adminUsername: sender === 'admin' ? 'support-admin' : null,
  text,
  image: null,
  createdAt: '2026-01-02T10:00:00.000Z',
});

class FakeAdminSocket implements AdminSocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  push(value: ServerMessage) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(value) }));
  }
}

/** The lazy screen and antd render slowly in jsdom on a busy machine. */
const SLOW_MS = 15_000;

let sockets: FakeAdminSocket[] = [];
afterEach(() => {
  sockets = [];
});

function mockSupportApi(role: 'support' | 'finance' = 'support') {
  localStorage.setItem('adminToken', 'tok');
  setSupportSocketFactory(() => {
    const socket = new FakeAdminSocket();
    sockets.push(socket);
    return socket;
  });
  return mockApi({
    'GET /api/admin/auth/me': () => ok<AdminProfile>(adminProfile(role)),
    'GET /api/admin/support/unread': () => ok<z.infer<typeof adminSupportUnreadSchema>>({ unreadTotal: 2 }),
    'GET /api/admin/support/conversations': () => ok<Page<AdminSupportConversation>>(page([CONVERSATION])),
    'GET /api/admin/support/conversations/5': () =>
      ok<AdminSupportConversationDetail>({
        conversation: CONVERSATION,
        messages: [message('1', 'user', 'Hello'), message('2', 'user', 'Where is my deposit?')],
        hasMore: false,
      }),
    'POST /api/admin/support/conversations/5/read': () => ok<null>(null),
    'POST /api/admin/support/conversations/5/send': (call) =>
      ok<SupportMessage>(message('3', 'admin', (call.body as { text: string }).text)),
    'GET /api/admin/support/quick-replies': () => ok<QuickReply[]>([{ id: '1', text: 'Thanks for waiting!' }]),
    'GET /api/admin/support/agents': () => ok<SupportAgent[]>([{ id: '1', username: 'support-admin' }]),
    'POST /api/admin/support/conversations/5/upload': () =>
      ok<SupportMessage>({ ...message('4', 'admin', ''), text: null, image: 'a1.png' }),
    'GET /api/admin/users/12': () => ok<AdminUser>(adminUser({ id: '12', username: 'alice01', kycStatus: 'pending' })),
    'GET /api/admin/users/12/balances': () =>
      ok<BalanceList>({
        currency: 'USDT',
        available: '250.5',
        frozen: '0',
        trading: '20',
        earnLocked: '0',
        earnFlexible: '0',
        total: '270.5',
      }),
    'GET /api/admin/orders': () =>
      ok<Page<AdminOrder>>(page([adminOrder({ id: '77', userId: '12', username: 'alice01', symbol: 'XAUUSD' })])),
    'GET /api/admin/deposits': () =>
      ok<Page<AdminDeposit>>(
        page([adminDeposit({ id: '31', userId: '12', username: 'alice01', amount: '300', status: 'pending' })]),
      ),
  });
}

describe('support inbox', () => {
  test('lists open conversations with unread counts, opens one, reads it, and replies', async () => {
    const api = mockSupportApi();
    const user = userEvent.setup();
    renderApp('/support');

    const row = await screen.findByTestId('support-conversation', {}, { timeout: SLOW_MS });
    expect(within(row).getByText('alice01')).toBeTruthy();
    expect(within(row).getAllByTitle('2 unread').length).toBeGreaterThan(0);
    expect(api.callsTo('GET', '/api/admin/support/conversations')[0]?.query.get('filter')).toBe('open');
    expect(
      (await within(await screen.findByRole('menu')).findAllByTitle('2 unread', {}, { timeout: SLOW_MS })).length,
    ).toBeGreaterThan(0);

    await user.click(row);
    expect(await screen.findByText('Hello', {}, { timeout: SLOW_MS })).toBeTruthy();
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/admin/support/conversations/5/read')[0]?.body).toEqual({ lastId: '2' }),
    );

    const box = screen.getByLabelText('Write a reply (Enter sends, Shift+Enter for a new line)');
    await user.click(box);
    await user.paste('It is on its way');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('It is on its way', {}, { timeout: SLOW_MS })).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/support/conversations/5/send')[0]?.body).toEqual({
      text: 'It is on its way',
    });
  }, 60_000);

  test('shows who is asking beside the conversation: identity, balance, recent orders and deposits', async () => {
    const api = mockSupportApi();
    const user = userEvent.setup();
    renderApp('/support');
    await user.click(await screen.findByTestId('support-conversation', {}, { timeout: SLOW_MS }));
    const card = await screen.findByText('Who is asking', {}, { timeout: SLOW_MS });
    const summary = card.closest('.ant-card') as HTMLElement;
    expect(await within(summary).findByText('Pending review', {}, { timeout: SLOW_MS })).toBeTruthy();
    expect(await within(summary).findByText(/250\.5/, {}, { timeout: SLOW_MS })).toBeTruthy();
    expect(within(summary).getByText(/270\.5/)).toBeTruthy();
    const orders = within(summary).getByRole('region', { name: 'Recent orders' });
    expect(await within(orders).findByText('XAUUSD', {}, { timeout: SLOW_MS })).toBeTruthy();
    const deposits = within(summary).getByRole('region', { name: 'Recent deposits' });
    expect(await within(deposits).findByText(/300/, {}, { timeout: SLOW_MS })).toBeTruthy();
    expect(within(deposits).getByText('Pending')).toBeTruthy();
    // Only this user's, newest first, a few.
    expect(api.callsTo('GET', '/api/admin/orders')[0]?.query.get('userId')).toBe('12');
    expect(api.callsTo('GET', '/api/admin/deposits')[0]?.query.get('userId')).toBe('12');
  }, 60_000);

  test('sends a picture to the user as a multipart upload', async () => {
    const api = mockSupportApi();
    const user = userEvent.setup();
    renderApp('/support');
    await user.click(await screen.findByTestId('support-conversation', {}, { timeout: SLOW_MS }));
    await screen.findByText('Hello', {}, { timeout: SLOW_MS });

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, file);
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/support/conversations/5/upload')).toHaveLength(1));
    const body = api.callsTo('POST', '/api/admin/support/conversations/5/upload')[0]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('image') as File).name).toBe('receipt.png');
  }, 60_000);

  test('signs in on the socket; the menu badge and the open conversation follow live events', async () => {
    const api = mockSupportApi();
    const user = userEvent.setup();
    renderApp('/support');
    const row = await screen.findByTestId('support-conversation', {}, { timeout: SLOW_MS });
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets.at(-1)!;
    act(() => socket.open());
    expect(socket.sent).toContainEqual({ op: 'admin_auth', token: 'tok' });
    act(() => socket.push({ type: 'admin_auth', ok: true }));
    const inboxEvent = (id: string, text: string, unreadTotal: number): SupportInboxEvent => ({
      type: 'support_inbox',
      conversation: { ...CONVERSATION, unread: 3 },
      message: message(id, 'user', text),
      unreadTotal,
    });
    act(() => socket.push(inboxEvent('3', 'Still waiting', 3)));
    const menu = await screen.findByRole('menu');
    expect((await within(menu).findAllByTitle('3 unread', {}, { timeout: SLOW_MS })).length).toBeGreaterThan(0);

    await user.click(row);
    expect(await screen.findByText('Hello', {}, { timeout: SLOW_MS })).toBeTruthy();
    act(() => socket.push(inboxEvent('4', 'Any news?', 4)));
    expect(await screen.findByText('Any news?', {}, { timeout: SLOW_MS })).toBeTruthy();
    // A message arriving in the open conversation is read at once.
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/admin/support/conversations/5/read').map((c) => c.body)).toContainEqual({
        lastId: '4',
      }),
    );
  }, 60_000);

  test('a role without support cannot open the inbox', async () => {
    mockSupportApi('finance');
    renderApp('/support');
    expect(await screen.findByText('Not allowed')).toBeTruthy();
  });
});
