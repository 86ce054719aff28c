import type { ServerMessage } from '@app/contract/realtime';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import type { TickEvent } from '../markets/engine.js';

/** A test's WebSocket: every message kept in order, with waits for the next one that matches. */
export interface TestSocket {
  ws: WebSocket;
  messages: ServerMessage[];
  /** Resolves with the close code. */
  closed: Promise<number>;
  next(match?: (m: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  /** Messages received so far that match, without waiting. */
  received(match: (m: ServerMessage) => boolean): ServerMessage[];
  send(value: unknown): void;
  close(): void;
}

export async function listenUrl(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return `${address.replace('http', 'ws')}/api/ws`;
}

export async function openSocket(url: string, options: { autoPong?: boolean } = {}): Promise<TestSocket> {
  const ws = new WebSocket(url, options);
  const messages: ServerMessage[] = [];
  let cursor = 0;
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as ServerMessage);
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const socket: TestSocket = {
    ws,
    messages,
    closed,
    // A limit only a failure reaches: a message on a busy machine still comes within it.
    next(match = () => true, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          while (cursor < messages.length) {
            const m = messages[cursor++]!;
            if (match(m)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(m);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages.slice(-5))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    received: (match) => messages.filter(match),
    send: (value) => ws.send(typeof value === 'string' ? value : JSON.stringify(value)),
    close: () => ws.close(),
  };
  return socket;
}

/** A tick as the engine emits it, with a 1m and a 5m candle. Prices are scaled by 10^8. */
export function syntheticTick(symbol: string, price: bigint, time = new Date()): TickEvent {
  const seconds = Math.floor(time.getTime() / 1000);
  const candle = (size: number) => ({
    time: Math.floor(seconds / size) * size,
    open: price - 100_000_000n,
    high: price + 50_000_000n,
    low: price - 200_000_000n,
    close: price,
    volume: 7n,
  });
  return {
    symbol,
    time,
    price,
    candles: [
      { interval: '1m', candle: candle(60) },
      { interval: '5m', candle: candle(300) },
    ],
  };
}

export const isType =
  <T extends ServerMessage['type']>(type: T) =>
  (m: ServerMessage): m is Extract<ServerMessage, { type: T }> =>
    m.type === type;
