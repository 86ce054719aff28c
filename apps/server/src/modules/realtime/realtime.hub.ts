import type { ServerMessage } from '@app/contract/realtime';
import type { WebSocket } from 'ws';
import type { BusMessage, MarketItem } from './realtime.bus.js';

/** Every limit of the socket side in one place (STYLE: put a limit on everything). */
export interface HubLimits {
  /** Server ping every heartbeatMs; a socket that has not answered the previous one is terminated. */
  heartbeatMs: number;
  /** A socket whose unsent bytes exceed this is closed with 1013 instead of buffering more. */
  bufferedBytesMax: number;
  subscriptionsMax: number;
  /** Invalid messages (bad JSON, bad shape, unknown symbol, refused token) before the socket is closed. */
  badMessagesMax: number;
  /** Client messages per rate window; more closes the socket. */
  messagesPerWindowMax: number;
  rateWindowMs: number;
  connectionsMax: number;
  connectionsPerAddressMax: number;
  /** After a close frame, how long a peer has to finish the handshake before the socket is destroyed. */
  closeGraceMs: number;
}

export const DEFAULT_HUB_LIMITS: HubLimits = {
  heartbeatMs: 25_000,
  bufferedBytesMax: 1024 * 1024,
  subscriptionsMax: 50,
  badMessagesMax: 20,
  messagesPerWindowMax: 100,
  rateWindowMs: 10_000,
  connectionsMax: 20_000,
  connectionsPerAddressMax: 500,
  closeGraceMs: 5_000,
};

/** WebSocket close codes (RFC 6455 7.4.1). */
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_POLICY_VIOLATION = 1008;
export const CLOSE_TRY_AGAIN_LATER = 1013;

/** ws's readyState for an open socket (the constant lives on the class; this module imports no runtime ws). */
const OPEN = 1;

export interface Client {
  readonly socket: WebSocket;
  readonly address: string;
  /** Channel keys this socket is subscribed to. */
  readonly channels: Set<string>;
  userId: number | null;
  /** The token the user signed in with, to re-check the session now and then. */
  token: string | null;
  /** A back-office token (support inbox), re-checked like the user's. */
  adminToken: string | null;
  authCheckedAt: number;
  isAlive: boolean;
  isDropped: boolean;
  badMessages: number;
  windowStartedAt: number;
  windowMessages: number;
  /** Messages of one socket are handled in order, one at a time. */
  queue: Promise<void>;
  pending: number;
}

export const tickChannel = (symbol: string) => `t|${symbol}`;
export const candleChannel = (symbol: string, interval: string) => `c|${symbol}|${interval}`;

/**
 * The sockets of one app: who listens to what, and the only code that writes to a socket. A bus
 * message is serialised once per channel and the same string goes to every subscriber.
 */
export class RealtimeHub {
  private readonly clients = new Set<Client>();
  private readonly channels = new Map<string, Set<Client>>();
  private readonly users = new Map<number, Set<Client>>();
  private readonly perAddress = new Map<string, number>();
  private heartbeat: NodeJS.Timeout | null = null;
  limits: HubLimits;

  constructor(limits: Partial<HubLimits> = {}) {
    this.limits = { ...DEFAULT_HUB_LIMITS, ...limits };
    this.startHeartbeat();
  }

  /** Changes limits at run time (tests shorten the heartbeat and the buffer cap). */
  configure(limits: Partial<HubLimits>): void {
    this.limits = { ...this.limits, ...limits };
    this.startHeartbeat();
  }

  get connectionCount(): number {
    return this.clients.size;
  }

  /** Takes a new socket in, or closes it with 1013 when the process or the address is at its cap. */
  admit(socket: WebSocket, address: string): Client | null {
    const fromAddress = this.perAddress.get(address) ?? 0;
    if (this.clients.size >= this.limits.connectionsMax || fromAddress >= this.limits.connectionsPerAddressMax) {
      socket.close(CLOSE_TRY_AGAIN_LATER, 'too many connections');
      return null;
    }
    const client: Client = {
      socket,
      address,
      channels: new Set(),
      userId: null,
      token: null,
      adminToken: null,
      authCheckedAt: 0,
      isAlive: true,
      isDropped: false,
      badMessages: 0,
      windowStartedAt: Date.now(),
      windowMessages: 0,
      queue: Promise.resolve(),
      pending: 0,
    };
    this.clients.add(client);
    this.perAddress.set(address, fromAddress + 1);
    return client;
  }

  /** Forgets a socket: its channels, its user, its place in the address count. Idempotent. */
  remove(client: Client): void {
    if (!this.clients.delete(client)) return;
    for (const key of client.channels) this.leave(this.channels, key, client);
    client.channels.clear();
    if (client.userId !== null) this.leave(this.users, client.userId, client);
    const left = (this.perAddress.get(client.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(client.address, left);
    else this.perAddress.delete(client.address);
  }

  /** Closes a socket for a reason and stops sending to it; destroys it if the peer does not finish closing. */
  drop(client: Client, code: number, reason: string): void {
    if (client.isDropped) return;
    client.isDropped = true;
    this.remove(client);
    client.socket.close(code, reason);
    setTimeout(() => client.socket.terminate(), this.limits.closeGraceMs).unref();
  }

  /** Counts a client message against the rate window; false (and the socket dropped) when over. */
  countMessage(client: Client): boolean {
    const now = Date.now();
    if (now - client.windowStartedAt >= this.limits.rateWindowMs) {
      client.windowStartedAt = now;
      client.windowMessages = 0;
    }
    client.windowMessages += 1;
    if (client.windowMessages <= this.limits.messagesPerWindowMax) return true;
    this.drop(client, CLOSE_POLICY_VIOLATION, 'too many messages');
    return false;
  }

  /** Adds a subscription; false when the socket is at its limit. Subscribing twice is harmless. */
  subscribe(client: Client, key: string): boolean {
    if (client.channels.has(key)) return true;
    if (client.channels.size >= this.limits.subscriptionsMax) return false;
    client.channels.add(key);
    this.join(this.channels, key, client);
    return true;
  }

  unsubscribe(client: Client, key: string): void {
    if (client.channels.delete(key)) this.leave(this.channels, key, client);
  }

  /** Moves the socket to a user's private channel (null: signed out). */
  setUser(client: Client, userId: number | null, token: string | null): void {
    if (client.userId !== null) this.leave(this.users, client.userId, client);
    client.userId = userId;
    client.token = token;
    client.authCheckedAt = Date.now();
    if (userId !== null && this.clients.has(client)) this.join(this.users, userId, client);
  }

  authenticatedClients(): Client[] {
    return [...this.clients].filter((c) => c.userId !== null);
  }

  supportAdminClients(): Client[] {
    return [...this.clients].filter((c) => c.adminToken !== null);
  }

  send(client: Client, message: ServerMessage): void {
    this.sendRaw(client, JSON.stringify(message));
  }

  /** Every write to a socket goes here: a client that does not read is dropped, not buffered for. */
  sendRaw(client: Client, data: string): void {
    if (client.isDropped || client.socket.readyState !== OPEN) return;
    if (client.socket.bufferedAmount > this.limits.bufferedBytesMax) {
      this.drop(client, CLOSE_TRY_AGAIN_LATER, 'too slow: reconnect');
      return;
    }
    client.socket.send(data);
  }

  /** A message from the bus, to the sockets that asked for it. */
  dispatch(message: BusMessage): void {
    if (message.kind === 'user') {
      this.broadcast(this.users.get(message.userId), message.message);
      return;
    }
    if (message.kind === 'users') {
      for (const item of message.items) this.broadcast(this.users.get(item.userId), item.message);
      return;
    }
    if (message.kind === 'channel') {
      this.broadcast(this.channels.get(message.key), message.message);
      return;
    }
    for (const item of message.items) this.dispatchMarket(item);
  }

  private dispatchMarket(item: MarketItem): void {
    const { symbol } = item;
    const tickSubscribers = this.channels.get(tickChannel(symbol));
    if (tickSubscribers) this.broadcast(tickSubscribers, { type: 'tick', symbol, time: item.time, price: item.price });
    for (const { interval, candle } of item.candles) {
      const subscribers = this.channels.get(candleChannel(symbol, interval));
      if (subscribers) this.broadcast(subscribers, { type: 'candle', symbol, interval, candle });
    }
  }

  private broadcast(subscribers: Set<Client> | undefined, message: ServerMessage): void {
    if (!subscribers || subscribers.size === 0) return;
    const data = JSON.stringify(message);
    // sendRaw may drop a client, which deletes it from this set: iterate over a copy.
    for (const client of [...subscribers]) this.sendRaw(client, data);
  }

  /** Closes every socket (1001) and waits for them, destroying those that have not closed after the grace. */
  async closeAll(graceMs: number): Promise<void> {
    this.stopHeartbeat();
    const sockets = [...this.clients].map((c) => c.socket);
    for (const client of [...this.clients]) this.remove(client);
    await closeSockets(sockets, graceMs);
  }

  stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => this.beat(), this.limits.heartbeatMs);
    this.heartbeat.unref();
  }

  private beat(): void {
    for (const client of [...this.clients]) {
      if (!client.isAlive) {
        this.remove(client);
        client.socket.terminate();
        continue;
      }
      client.isAlive = false;
      try {
        client.socket.ping();
      } catch {
        // Not open any more: its close event removes it.
      }
    }
  }

  private join<K>(map: Map<K, Set<Client>>, key: K, client: Client): void {
    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    set.add(client);
  }

  private leave<K>(map: Map<K, Set<Client>>, key: K, client: Client): void {
    const set = map.get(key);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) map.delete(key);
  }
}

/** Sends a going-away close to each socket; those still open after graceMs are destroyed. */
export async function closeSockets(sockets: readonly WebSocket[], graceMs: number): Promise<void> {
  const open = sockets.filter((s) => s.readyState !== 3);
  if (open.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const closed = Promise.all(open.map((s) => new Promise<void>((resolve) => s.once('close', () => resolve()))));
  for (const socket of open) socket.close(CLOSE_GOING_AWAY, 'server shutting down');
  await Promise.race([closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
  clearTimeout(timer);
  for (const socket of open) if (socket.readyState !== 3) socket.terminate();
}
