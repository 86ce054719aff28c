import { idParamsSchema } from '@app/contract/admin';
import { envelopeSchema } from '@app/contract/common';
import { responsibleStateSchema } from '@app/contract/responsible-trading';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { requireAdmin } from '../admin-auth/admin-auth.guard.js';
import { getUserOrThrow } from '../users/users.service.js';
import { getState } from './responsible-trading.service.js';

/**
 * `/api/admin/users/:id/responsible` (issue 14): the user's own limits and exclusion, read-only. On
 * purpose there is no operator route that sets, lowers, raises or lifts any of them: nobody lifts an
 * exclusion early, operators included (and the database refuses it: responsible_settings_guard.sql).
 */
export async function responsibleTradingAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = requireAdmin(db, ['support', 'finance', 'reviewer']);

  r.get(
    '/users/:id/responsible',
    {
      onRequest: readers,
      schema: { tags: ['admin'], params: idParamsSchema, response: { 200: envelopeSchema(responsibleStateSchema) } },
    },
    async (request) => {
      const user = await getUserOrThrow(db, Number(request.params.id));
      return ok(request, await getState(db, user.id, new Date()));
    },
  );
}
