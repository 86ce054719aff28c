import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { bearerToken } from '../../http/request-context.js';
import { resolveSession, type SessionContext } from './sessions.service.js';
import type { SessionUser } from './users.service.js';

/**
 * The preHandler of every call that needs a signed-in user. A user holding a one-time password
 * may only change it (and read their profile or log out) until they do. A session past the user's
 * own session time limit is ended and refused here (resolveSession): `session_expired`, as any ended
 * session, and the app goes to /login.
 */
export function requireUser(ctx: SessionContext, options: { allowPendingPasswordChange?: boolean } = {}) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('unauthorized');
    const session = await resolveSession(ctx, token);
    if (!session) throw new AppError('session_expired');
    if (session.user.status === 'disabled') throw new AppError('session_expired');
    if (session.user.mustChangePassword && !options.allowPendingPasswordChange) {
      throw new AppError('password_change_required');
    }
    request.session = session;
  };
}

export function sessionOf(request: FastifyRequest): SessionUser {
  if (!request.session) throw new Error('route used without requireUser');
  return request.session;
}
