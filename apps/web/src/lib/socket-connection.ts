import type { ClientMessage, ServerMessage } from '@app/contract/realtime';

/**
 * The one connection to `/api/ws` that both apps build their live data on (contract: realtime.ts):
 * the user app's RealtimeClient (lib/realtime.ts) and the back office's support socket, which imports
 * this file by its path (apps/admin/src/features/support/support-socket.ts). So it imports nothing
 * from either app, only the contract's types.
 *
 * It connects when asked, answers the server's heartbeat with pings, reconnects with backoff while
 * anything still listens, and closes once nothing does (at once, or after `idleCloseMs`). What to
 * send after each (re)connect and what to do with each message is its owner's business.
 */

export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror?: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(): void;
}

export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'closed';

export interface SocketConnectionOptions {
  createSocket: () => SocketLike;
  /** Delay before reconnect attempt n (0-based). */
  backoffMs: (attempt: number) => number;
  /** How long an unused socket stays open (page changes subscribe again within it); 0: it closes at once. */
  idleCloseMs: number;
  /** Whether anything still listens: a dropped socket comes back only then. */
  isWanted: () => boolean;
  /** After every (re)connect: sign in, subscribe again. */
  onOpen: () => void;
  onMessage: (message: ServerMessage) => void;
  onStatus: (status: ConnectionStatus) => void;
}

const OPEN = 1;
const BACKOFF_MS_MAX = 30_000;

/** 1 s, 2 s, 4 s … at most 30 s. */
export function doublingBackoffMs(attempt: number): number {
  return Math.min(BACKOFF_MS_MAX, 1000 * 2 ** attempt);
}

/** The page's own origin, `ws:` or `wss:` as the page. */
export function openPageSocket(): SocketLike {
  if (typeof WebSocket === 'undefined') throw new Error('WebSocket unavailable');
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return new WebSocket(`${scheme}://${window.location.host}/api/ws`);
}

export class SocketConnection {
  private socket: SocketLike | null = null;
  private status: ConnectionStatus = 'idle';
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: SocketConnectionOptions) {}

  getStatus = (): ConnectionStatus => this.status;

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Connects unless connected or waiting to reconnect; keeps an idle socket open. */
  ensureConnected(): void {
    clearTimeout(this.idleTimer);
    if (this.socket || this.reconnectTimer !== undefined) return;
    this.connect();
  }

  /** A listener left: once nothing listens, the socket closes. */
  release(): void {
    if (this.options.isWanted()) return;
    clearTimeout(this.idleTimer);
    if (this.options.idleCloseMs <= 0) {
      this.close();
      return;
    }
    this.idleTimer = setTimeout(() => {
      if (!this.options.isWanted()) this.close();
    }, this.options.idleCloseMs);
  }

  /** Sent now if the socket is open; otherwise dropped (`onOpen` sends what is still wanted). */
  send(message: ClientMessage): void {
    if (this.isOpen) this.socket?.send(JSON.stringify(message));
  }

  /** Closes the socket and stops reconnecting. */
  close(): void {
    this.teardown();
    this.setStatus('idle');
  }

  private connect(): void {
    this.reconnectTimer = undefined;
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.options.createSocket();
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.setStatus('open');
      this.options.onOpen();
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => {};
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.teardown();
      this.setStatus('closed');
      if (this.options.isWanted()) this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    const delay = this.options.backoffMs(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private teardown(): void {
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.idleTimer);
    clearInterval(this.heartbeatTimer);
    this.reconnectTimer = undefined;
    this.heartbeatTimer = undefined;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close();
    }
  }

  private receive(data: unknown): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(data)) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'welcome') this.startHeartbeat(message.heartbeatMs);
    this.options.onMessage(message);
  }

  private startHeartbeat(heartbeatMs: number): void {
    clearInterval(this.heartbeatTimer);
    if (!(heartbeatMs > 0)) return;
    this.heartbeatTimer = setInterval(() => this.send({ op: 'ping' }), heartbeatMs);
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus(status);
  }
}
