import type { SupportConversation, SupportMessage } from '@app/contract/support';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRealtimeClient } from '../../../lib/realtime';
import { setToken } from '../../../lib/storage';
import { FakeSocket } from '../../../test/fake-socket';
import { installFakeSocket } from '../../../test/markets-fixtures';
import { fail, image, mockApi, ok, renderScreen } from '../../../test/render';
import { VISITOR_STORAGE_KEY } from '../visitor';
import SupportPage from './support-page';

const message = (id: string, sender: 'user' | 'admin', text: string): SupportMessage => ({
  id,
  conversationId: '7',
  sender,
  adminUsername: null,
  text,
  image: null,
  createdAt: '2025-03-03T10:00:00.000Z',
});

const conversation = (messages: SupportMessage[]): SupportConversation => ({
  id: '7',
  status: 'open',
  unread: 0,
  adminLastReadId: '0',
  supportHours: '09:00-21:00',
  messages,
  hasMore: false,
});

describe('support chat (/kf)', () => {
  beforeEach(() => installFakeSocket());
  afterEach(() => {
    resetRealtimeClient();
    vi.unstubAllGlobals();
  });

  it('shows the conversation with the support hours, sends a message and receives the reply live', async () => {
    setToken('user-token');
    const { calls } = mockApi({
      '/support/conversation': ok<SupportConversation>(conversation([message('1', 'user', 'Hello there')])),
      '/support/send': (body) => ok<SupportMessage>(message('2', 'user', (body as { text: string }).text)),
      '/support/read': ok<null>(null),
    });
    renderScreen(<SupportPage />, { path: '/kf' });
    expect(await screen.findByText('Hello there')).toBeInTheDocument();
    expect(screen.getByText('Support hours: 09:00-21:00')).toBeInTheDocument();

    const sendButton = screen.getByRole('button', { name: 'Send' });
    expect(sendButton).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Type a message'), '  Where is my deposit?  ');
    fireEvent.click(sendButton);
    expect(await screen.findByText('Where is my deposit?')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/support/send')?.body).toEqual({ text: 'Where is my deposit?' });
    expect(screen.getByLabelText('Type a message')).toHaveValue('');

    const socket = FakeSocket.instances[0]!;
    socket.open();
    expect(socket.sent).toContainEqual({ op: 'auth', token: 'user-token' });
    socket.push({ type: 'support_message', message: message('3', 'admin', 'It arrived, please check.'), unread: 1 });
    expect(await screen.findByText('It arrived, please check.')).toBeInTheDocument();
    expect(screen.getAllByText('Support').length).toBeGreaterThan(0);
    await waitFor(() => expect(calls.find((c) => c.path === '/support/read')?.body).toEqual({ lastId: '3' }));
    // A push of a message already shown does not show it twice.
    socket.push({ type: 'support_message', message: message('3', 'admin', 'It arrived, please check.'), unread: 0 });
    expect(screen.getAllByText('It arrived, please check.')).toHaveLength(1);
  });

  it('works signed out with a stored random visitor id, sent as a header and over the socket', async () => {
    const { calls } = mockApi({ '/support/conversation': ok<SupportConversation>(conversation([])) });
    renderScreen(<SupportPage />, { path: '/kf' });
    expect(
      await screen.findByText('Hello! How can we help? Send us a message and our team will reply here.'),
    ).toBeInTheDocument();
    const token = window.localStorage.getItem(VISITOR_STORAGE_KEY);
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(calls[0]!.headers.get('x-visitor-token')).toBe(token);
    expect(calls[0]!.headers.get('authorization')).toBeNull();
    const socket = FakeSocket.instances[0]!;
    socket.open();
    expect(socket.sent).toContainEqual({ op: 'support_visitor', token });
  });

  it('sends a picture after a preview and shows it from the private image call', async () => {
    setToken('user-token');
    const { calls } = mockApi({
      '/support/conversation': ok<SupportConversation>(conversation([])),
      '/support/upload': ok<SupportMessage>({
        ...message('5', 'user', ''),
        text: null,
        image: `${'a'.repeat(32)}.jpg`,
      }),
      [`/support/image/${'a'.repeat(32)}.jpg`]: image('jpeg-bytes'),
    });
    renderScreen(<SupportPage />, { path: '/kf' });
    // The popup animates in; jsdom never finishes it, so pointer checks would refuse the clicks.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: 'Send a picture' }));
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'photo.jpg', { type: 'image/jpeg' });
    await user.upload(await screen.findByLabelText('Send a picture', { selector: 'input' }), photo);
    expect(await screen.findByAltText('Send a picture')).toBeInTheDocument();
    const dialogSend = screen.getAllByRole('button', { name: 'Send' }).at(-1)!;
    fireEvent.click(dialogSend);
    await waitFor(() => expect(calls.some((c) => c.path === '/support/upload')).toBe(true));
    const upload = calls.find((c) => c.path === '/support/upload')!;
    expect((upload.body as { image: File }).image).toBeInstanceOf(File);
    expect(await screen.findByAltText('Picture')).toBeInTheDocument();
    const imageCall = calls.find((c) => c.path.startsWith('/support/image/'))!;
    expect(imageCall.headers.get('authorization')).toBe('Bearer user-token');
  });

  it('shows a refused message as an error and keeps the text', async () => {
    setToken('user-token');
    mockApi({
      '/support/conversation': ok<SupportConversation>(conversation([])),
      '/support/send': fail(429, 1401, 'Too many requests, please wait a moment'),
    });
    renderScreen(<SupportPage />, { path: '/kf' });
    const input = await screen.findByLabelText('Type a message');
    await userEvent.type(input, 'hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Too many requests, please wait a moment')).toBeInTheDocument();
    expect(input).toHaveValue('hello');
  });
});
