import { ERRORS } from '@app/contract/errors';
import { VISITOR_TOKEN_PATTERN } from '@app/contract/support';
import type { Db } from '../../db/client.js';
import { authenticate as authenticateAdmin } from '../admin-auth/admin-auth.service.js';
import type { Client, RealtimeHub } from '../realtime/realtime.hub.js';
import type { SupportSocket } from '../realtime/realtime.routes.js';
import { canHandleSupport, hashVisitorToken } from './support.identity.js';

/**
 * The support side of `/api/ws`: operators join the inbox channel with `admin_auth`, a signed-out
 * visitor joins their conversation's channel with `support_visitor`. Signed-in users need nothing
 * more than the usual `auth`: their pushes go to the user's own channel.
 */

export const SUPPORT_ADMINS_CHANNEL = 's|admins';
/** Keyed by the token's hash, so a socket can join before the conversation exists and no lookup is needed. */
export const visitorChannel = (visitorHash: string) => `s|v|${visitorHash}`;

/** Joins the operators' channel when the token is a live session of an owner or support admin. */
export async function joinSupportInbox(db: Db, hub: RealtimeHub, client: Client, token: string): Promise<boolean> {
  const session = await authenticateAdmin(db, token);
  if (!session || !canHandleSupport(session.admin)) {
    leaveSupportInbox(hub, client);
    const code = session ? ERRORS.forbidden.code : ERRORS.session_expired.code;
    hub.send(client, { type: 'admin_auth', ok: false, code });
    return false;
  }
  if (!hub.subscribe(client, SUPPORT_ADMINS_CHANNEL)) {
    hub.send(client, { type: 'admin_auth', ok: false, code: ERRORS.rate_limited.code });
    return false;
  }
  client.adminToken = token;
  client.authCheckedAt = Date.now();
  hub.send(client, { type: 'admin_auth', ok: true });
  return true;
}

export function leaveSupportInbox(hub: RealtimeHub, client: Client): void {
  client.adminToken = null;
  hub.unsubscribe(client, SUPPORT_ADMINS_CHANNEL);
}

/** Joins a visitor's channel; holding the token is what makes one the owner of that conversation. */
export function joinVisitorConversation(hub: RealtimeHub, client: Client, token: string): boolean {
  if (!VISITOR_TOKEN_PATTERN.test(token) || !hub.subscribe(client, visitorChannel(hashVisitorToken(token)))) {
    hub.send(client, { type: 'support_visitor', ok: false, code: ERRORS.validation_failed.code });
    return false;
  }
  hub.send(client, { type: 'support_visitor', ok: true });
  return true;
}

/** Drops operators whose back-office session ended (logout, expiry, role change, disabled). */
export async function recheckSupportAdmin(db: Db, hub: RealtimeHub, client: Client): Promise<void> {
  if (client.adminToken === null) return;
  const session = await authenticateAdmin(db, client.adminToken);
  if (session && canHandleSupport(session.admin)) return;
  leaveSupportInbox(hub, client);
  hub.send(client, { type: 'admin_auth', ok: false, code: ERRORS.session_expired.code });
}

/** What realtime's socket protocol asks of support; app.ts hands it to the realtime routes. */
export const supportSocket: SupportSocket = {
  joinInbox: joinSupportInbox,
  joinVisitor: joinVisitorConversation,
  recheckOperator: recheckSupportAdmin,
};
