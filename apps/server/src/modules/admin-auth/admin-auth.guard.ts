import type { AdminRole } from '@app/contract/admin';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { bearerToken } from '../../http/request-context.js';
import { type AdminSession, authenticate } from './admin-auth.service.js';

/** The preHandler of back-office calls: a live admin session whose role is listed (owners always pass). */
export function requireAdmin(db: Db, roles: readonly AdminRole[] = []) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('unauthorized');
    const session = await authenticate(db, token);
    if (!session) throw new AppError('session_expired');
    if (roles.length > 0 && session.admin.role !== 'owner' && !roles.includes(session.admin.role)) {
      throw new AppError('forbidden');
    }
    request.adminSession = session;
  };
}

export function adminSessionOf(request: FastifyRequest): AdminSession {
  if (!request.adminSession) throw new Error('route used without requireAdmin');
  return request.adminSession;
}
