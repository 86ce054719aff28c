import type { SupportInboxEvent } from '@app/contract/support';
// The user app's connection to /api/ws, shared by path: neither app's build needs anything more to reach it.
import {
  doublingBackoffMs,
  openPageSocket,
  SocketConnection,
  type SocketLike,
} from '../../../../web/src/lib/socket-connection';
import { getAuthToken } from '../../lib/auth-token';

/**
 * The back office's one socket to `/api/ws`: it signs in with `admin_auth` and receives the support
 * inbox live. It connects while something listens, reconnects with backoff, and closes when the
 * last listener leaves.
 */

type Listener = (event: SupportInboxEvent) => void;
type StatusListener = (isLive: boolean) => void;

export type AdminSocketLike = SocketLike;

let createSocket: () => AdminSocketLike = openPageSocket;

/** Tests replace the socket. */
export function setSupportSocketFactory(factory: () => AdminSocketLike): void {
  createSocket = factory;
}

class SupportSocket {
  private readonly listeners = new Set<Listener>();
  private readonly statusListeners = new Set<StatusListener>();
  private isLive = false;
  private readonly connection = new SocketConnection({
    createSocket: () => createSocket(),
    backoffMs: doublingBackoffMs,
    idleCloseMs: 0,
    isWanted: () => this.listeners.size > 0,
    onOpen: () => {
      const token = getAuthToken();
      if (token) this.connection.send({ op: 'admin_auth', token });
    },
    onMessage: (message) => {
      if (message.type === 'admin_auth') this.setLive(message.ok);
      else if (message.type === 'support_inbox') for (const listener of this.listeners) listener(message);
    },
    // Live means signed in on an open socket: a socket that is not open is not live.
    onStatus: (status) => {
      if (status !== 'open') this.setLive(false);
    },
  });

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    this.connection.ensureConnected();
    return () => {
      this.listeners.delete(listener);
      this.connection.release();
    };
  }

  /** Calls the listener with the current state at once, then on every change. */
  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    listener(this.isLive);
    return () => this.statusListeners.delete(listener);
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
