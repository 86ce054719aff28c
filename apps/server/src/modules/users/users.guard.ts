import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { bearerToken } from '../../http/request-context.js';
import { authenticate, type SessionUser } from './users.service.js';

/**
 * The preHandler of every call that needs a signed-in user. A user holding a one-time password
 * may only change it (and read their profile or log out) until they do.
 */
export function requireUser(db: Db, options: { allowPendingPasswordChange?: boolean } = {}) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('unauthorized');
    const session = await authenticate(db, token);
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
