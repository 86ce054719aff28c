import type { ServerMessage } from '@app/contract/realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../test/fake-socket';
import { type ConnectionStatus, doublingBackoffMs, SocketConnection } from './socket-connection';

/** A connection as either app builds one: here, listened to by `listeners` and signing in on open. */
function connect(idleCloseMs: number) {
  const state = { listeners: 1, messages: [] as ServerMessage[], statuses: [] as ConnectionStatus[] };
  const connection: SocketConnection = new SocketConnection({
    createSocket: () => new FakeSocket(),
    backoffMs: doublingBackoffMs,
    idleCloseMs,
    isWanted: () => state.listeners > 0,
    onOpen: () => connection.send({ op: 'auth', token: 'secret-token' }),
    onMessage: (message) => state.messages.push(message),
    onStatus: (status) => state.statuses.push(status),
  });
  connection.ensureConnected();
  /** The last listener leaves. */
  const leave = () => {
    state.listeners = 0;
    connection.release();
  };
  return { connection, state, leave };
}

describe('the shared socket connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
  });
  afterEach(() => vi.useRealTimers());

  it('signs in on every open, hands on the messages and pings at the heartbeat', () => {
    const { state } = connect(0);
    const socket = FakeSocket.instances[0]!;
    socket.open();
    expect(socket.sent).toEqual([{ op: 'auth', token: 'secret-token' }]);
    socket.push({ type: 'welcome', heartbeatMs: 5000 });
    socket.push({ type: 'pong' });
    expect(state.messages.map((message) => message.type)).toEqual(['welcome', 'pong']);
    vi.advanceTimersByTime(5000);
    expect(socket.sent.at(-1)).toEqual({ op: 'ping' });
    expect(state.statuses).toEqual(['connecting', 'open']);
  });

  it('comes back after 1 s, then 2 s, while something listens; never once nothing does', () => {
    const { state } = connect(0);
    FakeSocket.instances[0]!.drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.instances[1]!.drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);

    state.listeners = 0;
    FakeSocket.instances[2]!.drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(3);
    expect(state.statuses.at(-1)).toBe('closed');
  });

  it('closes at once when the last listener leaves, with no idle time', () => {
    const { state, leave } = connect(0);
    FakeSocket.instances[0]!.open();
    leave();
    expect(FakeSocket.instances[0]!.readyState).toBe(3);
    expect(state.statuses.at(-1)).toBe('idle');
  });

  it('stays open for the idle time, so the next screen can use it', () => {
    const { connection, state, leave } = connect(15_000);
    const socket = FakeSocket.instances[0]!;
    socket.open();
    leave();
    vi.advanceTimersByTime(14_999);
    state.listeners = 1;
    connection.ensureConnected();
    vi.advanceTimersByTime(60_000);
    expect(socket.readyState).toBe(1);
    expect(FakeSocket.instances).toHaveLength(1);

    leave();
    vi.advanceTimersByTime(15_000);
    expect([socket.readyState, state.statuses.at(-1)]).toEqual([3, 'idle']);
  });
});
