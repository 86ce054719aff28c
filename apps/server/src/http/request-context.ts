import { type Lang, parseAcceptLanguage } from '@app/contract/lang';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AdminSession } from '../modules/admin-auth/admin-auth.service.js';
import type { SessionUser } from '../modules/users/users.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    /** Set by the user auth guard on routes that need a session. */
    session: SessionUser | null;
    /** Set by the admin auth guard on back-office routes. */
    adminSession: AdminSession | null;
  }
}

/** Reads the language of every request once, before anything can fail. */
export const requestContext = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'zn');
  app.decorateRequest('session', null);
  app.decorateRequest('adminSession', null);
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = parseAcceptLanguage(request.headers['accept-language']);
    done();
  });
});

/** The bearer token of a request: `Authorization: Bearer <token>`, or the bare token. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return token.length > 0 && token.length <= 256 ? token : null;
}
