import { idParamsSchema, reasonRequestSchema } from '@app/contract/admin';
import { envelopeSchema, pageRequestSchema } from '@app/contract/common';
import { adminUserSessionSchema, endSessionsResponseSchema, loginHistoryPageSchema } from '@app/contract/sessions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { adminSessionOf, requireAdmin } from '../admin-auth/admin-auth.guard.js';
import { actorOf } from '../admin-auth/admin-auth.service.js';
import { recordAudit } from '../audit/audit.service.js';
import * as repo from './sessions.repo.js';
import * as sessions from './sessions.service.js';
import { getUserOrThrow, SESSION_IDLE_MS } from './users.service.js';

/**
 * `/api/admin/users/:id/sessions|login_history|end_sessions` (issue 14): what the user sees of their
 * sessions and sign-ins, read-only for operators, and "end all sessions" (audited).
 */
export async function sessionAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = requireAdmin(db, ['support', 'finance', 'reviewer']);
  const actors = requireAdmin(db, ['support']);
  const tags = ['admin'];

  r.get(
    '/users/:id/sessions',
    {
      onRequest: readers,
      schema: { tags, params: idParamsSchema, response: { 200: envelopeSchema(z.array(adminUserSessionSchema)) } },
    },
    async (request) => {
      const user = await getUserOrThrow(db, Number(request.params.id));
      const rows = await repo.listLiveSessions(db, user.id, SESSION_IDLE_MS);
      return ok(request, rows.map(sessions.toSessionView));
    },
  );

  r.get(
    '/users/:id/login_history',
    {
      onRequest: readers,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: pageRequestSchema,
        response: { 200: envelopeSchema(loginHistoryPageSchema) },
      },
    },
    async (request) => {
      const user = await getUserOrThrow(db, Number(request.params.id));
      return ok(request, await sessions.listLoginHistory(db, user.id, request.query));
    },
  );

  r.post(
    '/users/:id/end_sessions',
    {
      onRequest: actors,
      schema: {
        tags,
        params: idParamsSchema,
        body: reasonRequestSchema,
        response: { 200: envelopeSchema(endSessionsResponseSchema) },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      const ended = await db.transaction(async (tx) => {
        await getUserOrThrow(tx, id);
        const count = await repo.revokeSessionsExcept(tx, id);
        await recordAudit(tx, actorOf(adminSessionOf(request), request.ip), {
          action: 'user.end_sessions',
          targetType: 'user',
          targetId: id,
          before: null,
          after: { sessionsEnded: count, reason: request.body.reason },
        });
        return count;
      });
      // After commit: every process forgets the user's sessions, the user's tabs hear it.
      sessions.announceRevoked(ctx.events, id);
      return ok(request, { ended });
    },
  );
}
