import type { ServerMessage } from '@app/contract/realtime';
import type { SupportInboxEvent } from '@app/contract/support';
import { getAuthToken } from '../../lib/auth-token';

/**
 * The back office's one socket to `/api/ws`: it signs in with `admin_auth` and receives the support
 * inbox live. It connects while something listens, reconnects with backoff, and closes when the
 * last listener leaves.
 */

type Listener = (event: SupportInboxEvent) => void;
type StatusListener = (isLive: boolean) => void;

export interface AdminSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(): void;
}

const OPEN = 1;
const BACKOFF_MS_MAX = 30_000;

function defaultSocket(): AdminSocketLike {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return new WebSocket(`${scheme}://${window.location.host}/api/ws`);
}

let createSocket: () => AdminSocketLike = defaultSocket;

/** Tests replace the socket. */
export function setSupportSocketFactory(factory: () => AdminSocketLike): void {
  createSocket = factory;
}

class SupportSocket {
  private socket: AdminSocketLike | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly statusListeners = new Set<StatusListener>();
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private isLive = false;

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    if (!this.socket && this.retryTimer === undefined) this.connect();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  /** Calls the listener with the current state at once, then on every change. */
  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    listener(this.isLive);
    return () => this.statusListeners.delete(listener);
  }

  private connect(): void {
    this.retryTimer = undefined;
    let socket: AdminSocketLike;
    try {
      socket = createSocket();
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      const token = getAuthToken();
      if (token) socket.send(JSON.stringify({ op: 'admin_auth', token }));
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      this.setLive(false);
      if (this.listeners.size > 0) this.retry();
    };
  }

  private receive(data: unknown): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(data)) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'welcome') {
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ op: 'ping' }), message.heartbeatMs);
    } else if (message.type === 'admin_auth') {
      this.setLive(message.ok);
    } else if (message.type === 'support_inbox') {
      for (const listener of this.listeners) listener(message);
    }
  }

  private send(message: unknown): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private retry(): void {
    const delay = Math.min(BACKOFF_MS_MAX, 1000 * 2 ** this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private stop(): void {
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    this.retryTimer = undefined;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
    this.setLive(false);
  }

  private setLive(isLive: boolean): void {
    this.isLive = isLive;
    for (const listener of this.statusListeners) listener(isLive);
  }
}

let shared: SupportSocket | null = null;

export function supportSocket(): SupportSocket {
  shared ??= new SupportSocket();
  return shared;
}
