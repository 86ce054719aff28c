import { auditEntrySchema, auditListRequestSchema } from '@app/contract/admin';
import { envelopeSchema, pageSchema } from '@app/contract/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { listAudit } from './audit.service.js';

export interface AuditRoutesOptions {
  ctx: AppContext;
  /**
   * Lets owners only through (admin-auth's guard), wired in by the app: admin-auth records into the
   * audit log, so audit imports nothing of admin-auth.
   */
  ownersOnly: (request: FastifyRequest) => Promise<void>;
}

/** `/api/admin/audit`: the audit log, read-only, for owners. */
export async function auditRoutes(app: FastifyInstance, { ctx, ownersOnly }: AuditRoutesOptions) {
  const { db } = ctx.database;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/audit',
    {
      onRequest: ownersOnly,
      schema: {
        tags: ['admin'],
        querystring: auditListRequestSchema,
        response: { 200: envelopeSchema(pageSchema(auditEntrySchema)) },
      },
    },
    async (request) => ok(request, await listAudit(db, request.query)),
  );
}
