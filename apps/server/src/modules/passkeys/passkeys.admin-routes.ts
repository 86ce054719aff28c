import { idParamsSchema } from '@app/contract/admin';
import { envelopeSchema } from '@app/contract/common';
import { adminPasskeysSchema } from '@app/contract/passkeys';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { requireAdmin } from '../admin-auth/admin-auth.guard.js';
import { getUserOrThrow } from '../users/users.service.js';
import * as service from './passkeys.service.js';

/** `/api/admin/users/:id/passkeys`: how many passkeys a user has (read only; never a key). */
export async function passkeyAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/users/:id/passkeys',
    {
      onRequest: requireAdmin(db, ['support', 'finance', 'reviewer']),
      schema: { tags: ['admin'], params: idParamsSchema, response: { 200: envelopeSchema(adminPasskeysSchema) } },
    },
    async (request) => {
      const user = await getUserOrThrow(db, Number(request.params.id));
      return ok(request, { count: await service.countPasskeys(db, user.id) });
    },
  );
}
