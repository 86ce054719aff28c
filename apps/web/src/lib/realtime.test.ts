import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../test/fake-socket';
import { order } from '../test/markets-fixtures';
import { RealtimeClient } from './realtime';

describe('realtime client', () => {
  let token: string | null = null;
  const createClient = () =>
    new RealtimeClient({ createSocket: () => new FakeSocket(), getToken: () => token, backoffMs: () => 1000 });

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    token = null;
  });
  afterEach(() => vi.useRealTimers());

  it('connects lazily, subscribes once open and delivers ticks', () => {
    const client = createClient();
    expect(FakeSocket.instances).toHaveLength(0);
    const ticks: string[] = [];
    client.subscribeTicks('BTCUSDT', (tick) => ticks.push(tick.price));
    const socket = FakeSocket.instances[0]!;
    expect(socket).toBeDefined();
    socket.open();
    expect(socket.sent).toEqual([{ op: 'subscribe', channel: 'ticks', symbol: 'BTCUSDT' }]);
    socket.push({ type: 'tick', symbol: 'BTCUSDT', time: '2025-01-01T00:00:00Z', price: '100.5' });
    socket.push({ type: 'tick', symbol: 'ETHUSDT', time: '2025-01-01T00:00:00Z', price: '9' });
    expect(ticks).toEqual(['100.5']);
    expect(client.getStatus()).toBe('open');
  });

  it('reconnects with backoff and resubscribes (and authenticates) after the socket drops', () => {
    token = 'secret-token';
    const client = createClient();
    client.subscribeTicks('BTCUSDT', () => {});
    client.subscribeCandles('EURUSD', '5m', () => {});
    const orders: string[] = [];
    client.subscribeOrders((order) => orders.push(order.id));
    const first = FakeSocket.instances[0]!;
    first.open();
    expect(first.sent[0]).toEqual({ op: 'auth', token: 'secret-token' });

    first.drop();
    expect(client.getStatus()).toBe('closed');
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const second = FakeSocket.instances[1]!;
    expect(second).toBeDefined();
    second.open();
    expect(second.sent).toEqual([
      { op: 'auth', token: 'secret-token' },
      { op: 'subscribe', channel: 'ticks', symbol: 'BTCUSDT' },
      { op: 'subscribe', channel: 'candles', symbol: 'EURUSD', interval: '5m' },
    ]);
    second.push({ type: 'order', order: order({ id: 'o-1' }) });
    expect(orders).toEqual(['o-1']);
  });

  it('unsubscribes when the last listener leaves and does not resubscribe it later', () => {
    const client = createClient();
    const stop = client.subscribeTicks('BTCUSDT', () => {});
    client.subscribeTicks('ETHUSDT', () => {});
    const first = FakeSocket.instances[0]!;
    first.open();
    stop();
    expect(first.sent.at(-1)).toEqual({ op: 'unsubscribe', channel: 'ticks', symbol: 'BTCUSDT' });
    first.drop();
    vi.advanceTimersByTime(1000);
    const second = FakeSocket.instances[1]!;
    second.open();
    expect(second.sent).toEqual([{ op: 'subscribe', channel: 'ticks', symbol: 'ETHUSDT' }]);
  });

  it('answers the heartbeat with pings', () => {
    const client = createClient();
    client.subscribeTicks('BTCUSDT', () => {});
    const socket = FakeSocket.instances[0]!;
    socket.open();
    socket.push({ type: 'welcome', heartbeatMs: 5000 });
    vi.advanceTimersByTime(5000);
    expect(socket.sent.at(-1)).toEqual({ op: 'ping' });
  });
});
