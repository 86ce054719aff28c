import type { Candle, KlineInterval, Order } from '@app/contract/markets';
import type { NotificationEvent, SessionEndedEvent } from '@app/contract/notifications';
import type { ClientMessage, ServerMessage } from '@app/contract/realtime';
import type { SupportMessageEvent, SupportUnreadEvent } from '@app/contract/support';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  type ConnectionStatus,
  doublingBackoffMs,
  openPageSocket,
  SocketConnection,
  type SocketLike,
} from './socket-connection';
import { getToken } from './storage';

export type { SocketLike } from './socket-connection';

/**
 * One WebSocket per tab for `/api/ws` (contract: realtime.ts), on the shared SocketConnection. It
 * connects when the first screen subscribes, reconnects with backoff, and after every (re)connect
 * authenticates (when signed in) and subscribes again to everything still wanted. Screens read
 * `status` to fall back to polling while the socket is not open.
 */

export type RealtimeStatus = ConnectionStatus;
export interface TickEvent {
  symbol: string;
  time: string;
  price: string;
}
export interface CandleEvent {
  symbol: string;
  interval: string;
  candle: Candle;
}

type Listener<T> = (event: T) => void;
export type SupportEvent = SupportMessageEvent | SupportUnreadEvent;
/** The signed-in user's own account events: a new notice, one of their sessions ended. */
export type AccountEvent = NotificationEvent | SessionEndedEvent;
interface Channel {
  subscribe: ClientMessage;
  unsubscribe: ClientMessage;
  listeners: Set<Listener<never>>;
}

export interface RealtimeOptions {
  createSocket: () => SocketLike;
  getToken: () => string | null;
  /** Delay before reconnect attempt n (0-based). */
  backoffMs?: (attempt: number) => number;
  /** How long an unused socket stays open (page changes re-subscribe within it). */
  idleCloseMs?: number;
}

/** Spread over ±25 %, so that tabs dropped together do not all come back at the same moment. */
const jitteredBackoffMs = (attempt: number) => doublingBackoffMs(attempt) * (0.75 + Math.random() * 0.5);

export class RealtimeClient {
  private readonly channels = new Map<string, Channel>();
  private readonly orderListeners = new Set<Listener<Order>>();
  private readonly statusListeners = new Set<() => void>();
  private authedToken: string | null = null;
  private readonly supportListeners = new Set<Listener<SupportEvent>>();
  private readonly accountListeners = new Set<Listener<AccountEvent>>();
  /** A signed-out visitor's support token (joins their conversation's pushes). */
  private visitorToken: string | null = null;
  private joinedVisitorToken: string | null = null;
  private readonly connection: SocketConnection;

  constructor(private readonly options: RealtimeOptions) {
    this.connection = new SocketConnection({
      createSocket: options.createSocket,
      backoffMs: options.backoffMs ?? jitteredBackoffMs,
      idleCloseMs: options.idleCloseMs ?? 15_000,
      isWanted: () => this.isWanted(),
      onOpen: () => this.resume(),
      onMessage: (message) => this.receive(message),
      onStatus: () => {
        for (const listener of this.statusListeners) listener();
      },
    });
  }

  getStatus = (): RealtimeStatus => this.connection.getStatus();

  onStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  subscribeTicks(symbol: string, listener: Listener<TickEvent>): () => void {
    return this.addChannel(
      `ticks:${symbol}`,
      { op: 'subscribe', channel: 'ticks', symbol },
      { op: 'unsubscribe', channel: 'ticks', symbol },
      listener,
    );
  }

  subscribeCandles(symbol: string, interval: KlineInterval, listener: Listener<CandleEvent>): () => void {
    return this.addChannel(
      `candles:${symbol}:${interval}`,
      { op: 'subscribe', channel: 'candles', symbol, interval },
      { op: 'unsubscribe', channel: 'candles', symbol, interval },
      listener,
    );
  }

  /** The user's own order events; needs a session (sent as the first message). */
  subscribeOrders(listener: Listener<Order>): () => void {
    this.orderListeners.add(listener);
    this.connection.ensureConnected();
    this.authenticate();
    return () => {
      this.orderListeners.delete(listener);
      this.connection.release();
    };
  }

  /**
   * Support pushes: the signed-in user's own (after `auth`), or, signed out, those of the visitor
   * conversation named by `visitorToken`.
   */
  subscribeSupport(listener: Listener<SupportEvent>, visitorToken: string | null): () => void {
    this.supportListeners.add(listener);
    this.visitorToken = visitorToken;
    this.connection.ensureConnected();
    this.authenticate();
    this.joinVisitor();
    return () => {
      this.supportListeners.delete(listener);
      this.connection.release();
    };
  }

  /** The user's account events (notices, ended sessions); needs a session (sent as the first message). */
  subscribeAccount(listener: Listener<AccountEvent>): () => void {
    this.accountListeners.add(listener);
    this.connection.ensureConnected();
    this.authenticate();
    return () => {
      this.accountListeners.delete(listener);
      this.connection.release();
    };
  }

  /** Closes the socket and forgets everything (tests, logout). */
  close(): void {
    this.channels.clear();
    this.orderListeners.clear();
    this.supportListeners.clear();
    this.accountListeners.clear();
    this.connection.close();
  }

  private addChannel<T>(key: string, subscribe: ClientMessage, unsubscribe: ClientMessage, listener: Listener<T>) {
    let channel = this.channels.get(key);
    if (!channel) {
      channel = { subscribe, unsubscribe, listeners: new Set() };
      this.channels.set(key, channel);
      this.send(subscribe);
    }
    channel.listeners.add(listener as Listener<never>);
    this.connection.ensureConnected();
    return () => {
      const current = this.channels.get(key);
      if (!current) return;
      current.listeners.delete(listener as Listener<never>);
      if (current.listeners.size === 0) {
        this.channels.delete(key);
        this.send(current.unsubscribe);
      }
      this.connection.release();
    };
  }

  private isWanted(): boolean {
    return (
      this.channels.size > 0 ||
      this.orderListeners.size > 0 ||
      this.supportListeners.size > 0 ||
      this.accountListeners.size > 0
    );
  }

  /** After every (re)connect: sign in again and subscribe again to everything still wanted. */
  private resume(): void {
    this.authedToken = null;
    this.joinedVisitorToken = null;
    this.authenticate();
    this.joinVisitor();
    for (const channel of this.channels.values()) this.send(channel.subscribe);
  }

  private authenticate(): void {
    const token = this.options.getToken();
    if (!token || token === this.authedToken || !this.connection.isOpen) return;
    this.authedToken = token;
    this.send({ op: 'auth', token });
  }

  private joinVisitor(): void {
    const token = this.visitorToken;
    if (!token || this.options.getToken() || token === this.joinedVisitorToken || !this.connection.isOpen) {
      return;
    }
    this.joinedVisitorToken = token;
    this.send({ op: 'support_visitor', token });
  }

  private send(message: ClientMessage): void {
    this.connection.send(message);
  }

  private receive(message: ServerMessage): void {
    switch (message.type) {
      case 'tick':
        this.dispatch(`ticks:${message.symbol}`, {
          symbol: message.symbol,
          time: message.time,
          price: message.price,
        } satisfies TickEvent);
        break;
      case 'candle':
        this.dispatch(`candles:${message.symbol}:${message.interval}`, {
          symbol: message.symbol,
          interval: message.interval,
          candle: message.candle,
        } satisfies CandleEvent);
        break;
      case 'order':
        for (const listener of this.orderListeners) listener(message.order);
        break;
      case 'support_message':
      case 'support_unread':
        for (const listener of this.supportListeners) listener(message);
        break;
      case 'notification':
      case 'session_ended':
        for (const listener of this.accountListeners) listener(message);
        break;
      default:
        break;
    }
  }

  private dispatch(key: string, event: TickEvent | CandleEvent): void {
    const channel = this.channels.get(key);
    if (!channel) return;
    for (const listener of channel.listeners) (listener as Listener<typeof event>)(event);
  }
}

let shared: RealtimeClient | null = null;

/** The tab's client (created on first use). */
export function getRealtimeClient(): RealtimeClient {
  shared ??= new RealtimeClient({ createSocket: openPageSocket, getToken });
  return shared;
}

/** Tests start each case with a fresh client. */
export function resetRealtimeClient(): void {
  shared?.close();
  shared = null;
}

/**
 * Whether the socket is open: what screens choose between pushes and polling by. Only a change of
 * that re-renders (idle → connecting, on the first screen's first mount, does not).
 */
export function useIsRealtimeOpen(): boolean {
  const client = getRealtimeClient();
  return useSyncExternalStore(client.onStatus, () => client.getStatus() === 'open');
}

/** Calls `handler` with each pushed tick of these symbols (the handler may change freely). */
export function useTickEvents(symbols: readonly string[], handler: (tick: TickEvent) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  const key = symbols.join(',');
  useEffect(() => {
    if (!key) return;
    const client = getRealtimeClient();
    const stops = key.split(',').map((symbol) => client.subscribeTicks(symbol, (tick) => latest.current(tick)));
    return () => {
      for (const stop of stops) stop();
    };
  }, [key]);
}

export function useCandleEvents(symbol: string, interval: KlineInterval, handler: (event: CandleEvent) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!symbol) return;
    return getRealtimeClient().subscribeCandles(symbol, interval, (event) => latest.current(event));
  }, [symbol, interval]);
}

/** Support pushes (new messages, unread counts) for the user or the visitor while mounted. */
export function useSupportEvents(
  handler: (event: SupportEvent) => void,
  visitorToken: string | null,
  enabled = true,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!enabled) return;
    return getRealtimeClient().subscribeSupport((event) => latest.current(event), visitorToken);
  }, [visitorToken, enabled]);
}

/** The signed-in user's order events (settlements) while mounted. */
export function useOrderEvents(handler: (order: Order) => void, enabled = true): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!enabled) return;
    return getRealtimeClient().subscribeOrders((order) => latest.current(order));
  }, [enabled]);
}

/** The signed-in user's account events (notices, ended sessions) while mounted. */
export function useAccountEvents(handler: (event: AccountEvent) => void, enabled = true): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!enabled) return;
    return getRealtimeClient().subscribeAccount((event) => latest.current(event));
  }, [enabled]);
}
