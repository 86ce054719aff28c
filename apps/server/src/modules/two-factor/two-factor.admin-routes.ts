import { idParamsSchema, reasonRequestSchema } from '@app/contract/admin';
import { envelopeSchema } from '@app/contract/common';
import { adminTwoFactorSchema } from '@app/contract/two-factor';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { adminSessionOf, requireAdmin } from '../admin-auth/admin-auth.guard.js';
import { actorOf } from '../admin-auth/admin-auth.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { announceRevoked, revokeAllSessions } from '../users/sessions.service.js';
import { getUserOrThrow } from '../users/users.service.js';
import * as service from './two-factor.service.js';

/**
 * `/api/admin/users/:id/two_factor`: whether a user's TOTP is on (never the secret or the codes), and
 * the operator's reset for a user who lost their phone and codes, with a reason, audited in the same
 * transaction as the one-time password and unlock actions are.
 */
export async function twoFactorAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = requireAdmin(db, ['support', 'finance', 'reviewer']);
  const actors = requireAdmin(db, ['support']);
  const tags = ['admin'];

  r.get(
    '/users/:id/two_factor',
    {
      onRequest: readers,
      schema: { tags, params: idParamsSchema, response: { 200: envelopeSchema(adminTwoFactorSchema) } },
    },
    async (request) => {
      const user = await getUserOrThrow(db, Number(request.params.id));
      return ok(request, await service.status(db, user.id));
    },
  );

  r.post(
    '/users/:id/two_factor/reset',
    {
      onRequest: actors,
      schema: {
        tags,
        params: idParamsSchema,
        body: reasonRequestSchema,
        response: { 200: envelopeSchema(adminTwoFactorSchema) },
      },
    },
    async (request) => {
      const user = await getUserOrThrow(db, Number(request.params.id));
      await db.transaction(async (tx) => {
        if (!(await service.isEnabled(tx, user.id))) throw new AppError('two_factor_not_enabled');
        await service.removeSecondFactor(tx, user.id);
        // Whoever asked for the reset may not be the user: every session ends, so the account is
        // signed in again with the password (and sets a second factor up again), audited together.
        const sessionsEnded = await revokeAllSessions(tx, user.id);
        await recordAudit(tx, actorOf(adminSessionOf(request), request.ip), {
          action: 'user.two_factor_reset',
          targetType: 'user',
          targetId: user.id,
          before: { twoFactorEnabled: true },
          after: { twoFactorEnabled: false, sessionsEnded, reason: request.body.reason },
        });
      });
      // After commit: every process forgets the user's sessions, the user's open tabs hear it.
      announceRevoked(ctx.events, user.id);
      ctx.events.accountChanged(user.id);
      ctx.events.secondFactorChanged(user.id, 'reset_by_operator');
      return ok(request, await service.status(db, user.id));
    },
  );
}
