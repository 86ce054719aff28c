import { VISITOR_TOKEN_HEADER, VISITOR_TOKEN_PATTERN } from '@app/contract/support';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { bearerToken } from '../../http/request-context.js';
import type { SessionContext } from '../users/sessions.service.js';
import { requireUser } from '../users/users.guard.js';
import { hashVisitorToken, type SupportOwner } from './support.identity.js';

export interface SupportCaller {
  owner: SupportOwner;
  /** The visitor token's hash this device also sent (a signed-in user may adopt that conversation). */
  visitorHash: string | null;
}

const callers = new WeakMap<FastifyRequest, SupportCaller>();

/**
 * Support is reachable signed out (DESIGN.md 4): a session token makes the caller that user (and a
 * bad one is a 401 as everywhere); without one, the visitor token names the conversation.
 */
export function requireSupportCaller(ctx: SessionContext) {
  const signedIn = requireUser(ctx);
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers[VISITOR_TOKEN_HEADER];
    const visitorToken = typeof header === 'string' && header.length > 0 ? header : null;
    if (visitorToken !== null && !VISITOR_TOKEN_PATTERN.test(visitorToken)) {
      throw new AppError('validation_failed', { fieldKeys: { visitorToken: 'visitor_token_invalid' } });
    }
    const visitorHash = visitorToken === null ? null : hashVisitorToken(visitorToken);
    if (bearerToken(request.headers.authorization)) {
      await signedIn(request);
      callers.set(request, { owner: { kind: 'user', userId: request.session!.user.id }, visitorHash });
      return;
    }
    if (visitorHash === null) throw new AppError('unauthorized');
    callers.set(request, { owner: { kind: 'visitor', visitorHash }, visitorHash });
  };
}

export function supportCallerOf(request: FastifyRequest): SupportCaller {
  const caller = callers.get(request);
  if (!caller) throw new Error('route used without requireSupportCaller');
  return caller;
}
