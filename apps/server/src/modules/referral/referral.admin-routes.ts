import { envelopeSchema } from '@app/contract/common';
import { referralSettingsSchema } from '@app/contract/referral';
import { adminSettingsSchema } from '@app/contract/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { adminSessionOf, requireAdmin } from '../admin-auth/admin-auth.guard.js';
import { actorOf } from '../admin-auth/admin-auth.service.js';
import { onLevelTableChanged } from './referral.service.js';

/**
 * The referral level table in the back office: `content` (and owners) edit it, audited like every
 * setting; every user's level follows the new table in the same transaction.
 */
export async function referralAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/settings/referral',
    {
      onRequest: requireAdmin(db, ['content']),
      schema: { tags: ['admin'], body: referralSettingsSchema, response: { 200: envelopeSchema(adminSettingsSchema) } },
    },
    async (request) => {
      const referral = request.body;
      await ctx.settings.update({ referral }, actorOf(adminSessionOf(request), request.ip), (tx) =>
        onLevelTableChanged(tx, referral),
      );
      return ok(request, await ctx.settings.get());
    },
  );
}
