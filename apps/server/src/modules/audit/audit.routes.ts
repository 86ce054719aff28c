import { auditEntrySchema, auditListRequestSchema } from '@app/contract/admin';
import { envelopeSchema, pageSchema } from '@app/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { requireAdmin } from '../admin-auth/admin-auth.guard.js';
import { listAudit } from './audit.service.js';

/** `/api/admin/audit`: the audit log, read-only, for owners. */
export async function auditRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/audit',
    {
      onRequest: requireAdmin(db, ['owner']),
      schema: {
        tags: ['admin'],
        querystring: auditListRequestSchema,
        response: { 200: envelopeSchema(pageSchema(auditEntrySchema)) },
      },
    },
    async (request) => ok(request, await listAudit(db, request.query)),
  );
}
