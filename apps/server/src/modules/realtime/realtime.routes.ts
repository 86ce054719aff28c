import { ERRORS } from '@app/contract/errors';
import { type ClientMessage, clientMessageSchema } from '@app/contract/realtime';
import fastifyWebsocket, { type WebsocketPluginOptions } from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RawData } from 'ws';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { send } from '../../http/error-handler.js';
import { resolveSession } from '../users/sessions.service.js';
import type { SymbolCatalogue } from './realtime.catalogue.js';
import {
  CLOSE_POLICY_VIOLATION,
  type Client,
  candleChannel,
  closeSockets,
  type RealtimeHub,
  tickChannel,
} from './realtime.hub.js';
import { loadSnapshot } from './realtime.snapshot.js';

/** The largest client message; the protocol's biggest (an auth with a 256-character token) is far below. */
export const CLIENT_MESSAGE_BYTES_MAX = 4 * 1024;
const clientMessageParser: z.ZodType<ClientMessage> = clientMessageSchema;
/** Messages of one socket waiting to be handled (a client may send its 50 subscriptions at once). */
const PENDING_MESSAGES_MAX = 100;
/** Refused sign-ins per socket before it is closed (each costs a database read). */
const AUTH_FAILURES_MAX = 5;
/** A signed-in socket's session is checked again this often, so a logout or password change reaches it. */
const AUTH_RECHECK_MS = 5 * 60_000;
/** On shutdown, how long peers get to answer the close frame. */
const SHUTDOWN_GRACE_MS = 1_000;

/**
 * Options for `@fastify/websocket` (registered with the socket route only, so that its hooks do not
 * run on every other request): the frame size cap (a bigger message
 * closes the socket with 1009) and a shutdown that cannot hang on a peer that stopped answering.
 */
export const websocketPluginOptions: WebsocketPluginOptions = {
  options: { maxPayload: CLIENT_MESSAGE_BYTES_MAX },
  // Socket errors are the peer's (oversized frame, bad framing, reset): worth a line, not an alarm.
  errorHandler: (error, socket, request) => {
    request.log.info({ err: error }, 'websocket closed on error');
    socket.terminate();
  },
  preClose: async function closeWebSockets(this: FastifyInstance) {
    const server = this.websocketServer;
    await closeSockets([...server.clients], SHUTDOWN_GRACE_MS);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  },
};

/**
 * The support side of the protocol (`admin_auth`, `support_visitor`, operators' sessions checked
 * again), from the support module and wired in by the app: support publishes through realtime, so
 * realtime imports nothing of support.
 */
export interface SupportSocket {
  /** `admin_auth`: joins the operators' channel and answers the client; false when refused. */
  joinInbox(db: Db, hub: RealtimeHub, client: Client, token: string): Promise<boolean>;
  /** `support_visitor`: joins a visitor's conversation channel and answers the client; false when refused. */
  joinVisitor(hub: RealtimeHub, client: Client, token: string): boolean;
  /** Drops an operator whose back-office session ended. */
  recheckOperator(db: Db, hub: RealtimeHub, client: Client): Promise<void>;
}

export interface RealtimeRoutesOptions {
  ctx: AppContext;
  support: SupportSocket;
  /** This process's sockets; created by the app, which shows it to tests (`app.realtimeHub`). */
  hub: RealtimeHub;
}

/** `/api/ws`: live ticks, candles and the user's own events (DESIGN.md 1, 4, 6.4). */
export async function realtimeRoutes(app: FastifyInstance, { ctx, support, hub }: RealtimeRoutesOptions) {
  await app.register(fastifyWebsocket, websocketPluginOptions);
  const log = app.log;
  const catalogue = ctx.realtime.symbols;
  // What any process publishes (ticks, users' events, support) reaches this process's sockets.
  ctx.realtime.deliverTo((message) => hub.dispatch(message));
  const recheck = setInterval(() => void recheckSessions(ctx, support, hub, log), AUTH_RECHECK_MS);
  recheck.unref();

  app.addHook('onClose', async () => {
    clearInterval(recheck);
    ctx.realtime.deliverTo(null);
    await hub.closeAll(SHUTDOWN_GRACE_MS);
  });

  app.route({
    method: 'GET',
    url: '/ws',
    // A plain GET (no Upgrade header) gets the envelope too: 426, this address speaks WebSocket only.
    handler: (request, reply) => send(reply.header('upgrade', 'websocket'), request, 'upgrade_required', null),
    wsHandler: (socket, request) => {
      const client = hub.admit(socket, request.ip);
      if (!client) return;
      const handle = createMessageHandler(ctx, support, hub, catalogue, log);
      socket.on('pong', () => {
        client.isAlive = true;
      });
      socket.on('close', () => hub.remove(client));
      socket.on('message', (data, isBinary) => {
        client.isAlive = true;
        if (client.isDropped || !hub.countMessage(client)) return;
        if (client.pending >= PENDING_MESSAGES_MAX) {
          hub.drop(client, CLOSE_POLICY_VIOLATION, 'too many messages in flight');
          return;
        }
        client.pending += 1;
        client.queue = client.queue
          .then(() => handle(client, data, isBinary))
          .catch((error) => {
            log.error({ err: error }, 'realtime: message handling failed');
            hub.send(client, { type: 'error', code: ERRORS.internal_error.code, msg: 'Internal error' });
          })
          .finally(() => {
            client.pending -= 1;
          });
      });
      hub.send(client, { type: 'welcome', heartbeatMs: hub.limits.heartbeatMs });
    },
  });
}

type MessageHandler = (client: Client, data: RawData, isBinary: boolean) => Promise<void>;

function createMessageHandler(
  ctx: AppContext,
  support: SupportSocket,
  hub: RealtimeHub,
  catalogue: SymbolCatalogue,
  log: FastifyBaseLogger,
): MessageHandler {
  let authFailures = 0;

  const refuse = (client: Client, code: number, msg: string) => {
    client.badMessages += 1;
    hub.send(client, { type: 'error', code, msg });
    if (client.badMessages > hub.limits.badMessagesMax)
      hub.drop(client, CLOSE_POLICY_VIOLATION, 'too many invalid messages');
  };

  const countAuthFailure = (client: Client) => {
    authFailures += 1;
    if (authFailures >= AUTH_FAILURES_MAX) hub.drop(client, CLOSE_POLICY_VIOLATION, 'too many failed sign-ins');
  };

  const signIn = async (client: Client, token: string) => {
    const session = await resolveSession(ctx, token);
    if (!session || session.user.status === 'disabled' || session.user.mustChangePassword) {
      hub.setUser(client, null, null);
      const code = session?.user.mustChangePassword
        ? ERRORS.password_change_required.code
        : ERRORS.session_expired.code;
      hub.send(client, { type: 'auth', ok: false, code });
      countAuthFailure(client);
      return;
    }
    hub.setUser(client, session.user.id, token);
    hub.send(client, { type: 'auth', ok: true });
  };

  const subscription = async (client: Client, message: Extract<ClientMessage, { symbol: string }>) => {
    const { op, channel, symbol } = message;
    const interval = message.channel === 'candles' ? message.interval : undefined;
    const key = interval === undefined ? tickChannel(symbol) : candleChannel(symbol, interval);
    const echo = { channel, symbol, ...(interval === undefined ? {} : { interval }) };
    if (op === 'unsubscribe') {
      hub.unsubscribe(client, key);
      hub.send(client, { type: 'unsubscribed', ...echo });
      return;
    }
    const precision = await catalogue.precisionOf(symbol);
    if (precision === undefined) {
      refuse(client, ERRORS.product_not_found.code, `Unknown symbol ${symbol}`);
      return;
    }
    // Read before joining the channel: from there to the snapshot nothing awaits, so no live push
    // can reach the client ahead of (and be followed by) an older snapshot.
    const snapshot = await loadSnapshot(ctx.database.db, symbol, interval, precision).catch((error) => {
      log.warn({ err: error }, 'realtime: snapshot failed');
      return null;
    });
    if (!hub.subscribe(client, key)) {
      hub.send(client, {
        type: 'error',
        code: ERRORS.rate_limited.code,
        msg: `At most ${hub.limits.subscriptionsMax} subscriptions per connection`,
      });
      return;
    }
    hub.send(client, { type: 'subscribed', ...echo });
    if (snapshot) hub.send(client, snapshot);
  };

  return async (client, data, isBinary) => {
    if (client.isDropped) return;
    const message = parseClientMessage(data, isBinary);
    if (typeof message === 'string') {
      refuse(client, ERRORS.validation_failed.code, message);
      return;
    }
    switch (message.op) {
      case 'ping':
        hub.send(client, { type: 'pong' });
        return;
      case 'auth':
        await signIn(client, message.token);
        return;
      case 'admin_auth':
        if (!(await support.joinInbox(ctx.database.db, hub, client, message.token))) countAuthFailure(client);
        return;
      case 'support_visitor':
        if (!support.joinVisitor(hub, client, message.token)) countAuthFailure(client);
        return;
      default:
        await subscription(client, message);
    }
  };
}

/** The client message, or why it is not one. */
function parseClientMessage(data: RawData, isBinary: boolean): ClientMessage | string {
  if (isBinary) return 'Messages must be text (JSON)';
  const text = Array.isArray(data)
    ? Buffer.concat(data).toString('utf8')
    : Buffer.from(data as Buffer).toString('utf8');
  if (text.length > CLIENT_MESSAGE_BYTES_MAX) return 'Message too large';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'Invalid JSON';
  }
  const parsed = clientMessageParser.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `Invalid message${issue ? `: ${issue.path.join('.') || 'message'} ${issue.message}` : ''}`;
  }
  return parsed.data;
}

/** Signs out sockets whose session has ended (logout, password change, idle expiry, disabled user). */
async function recheckSessions(
  ctx: AppContext,
  support: SupportSocket,
  hub: RealtimeHub,
  log: FastifyBaseLogger,
): Promise<void> {
  const due = Date.now() - AUTH_RECHECK_MS;
  for (const client of hub.supportAdminClients()) {
    if (client.authCheckedAt > due) continue;
    try {
      await support.recheckOperator(ctx.database.db, hub, client);
      client.authCheckedAt = Date.now();
    } catch (error) {
      log.warn({ err: error }, 'realtime: support session re-check failed');
      return;
    }
  }
  for (const client of hub.authenticatedClients()) {
    if (client.authCheckedAt > due || client.token === null) continue;
    try {
      const session = await resolveSession(ctx, client.token);
      if (session && session.user.id === client.userId && session.user.status !== 'disabled') {
        client.authCheckedAt = Date.now();
        continue;
      }
      hub.setUser(client, null, null);
      hub.send(client, { type: 'auth', ok: false, code: ERRORS.session_expired.code });
    } catch (error) {
      log.warn({ err: error }, 'realtime: session re-check failed');
      return;
    }
  }
}
