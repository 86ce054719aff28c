import { envelopeSchema } from '@app/contract/common';
import { fairReceiptQuerySchema, fairReceiptSchema } from '@app/contract/fair-receipt';
import type { Lang } from '@app/contract/lang';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { requireUser, sessionOf } from '../users/users.guard.js';
import { receiptOf } from './fair-receipts.service.js';

/**
 * `GET /api/fair/receipt?order=` (issue 13 section 3): the receipt of one of the signed-in user's
 * orders. Another user's order answers as an unknown one does (404, order_not_found).
 */
export async function fairReceiptRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/receipt',
    {
      onRequest: requireUser(ctx),
      schema: {
        tags: ['fair'],
        querystring: fairReceiptQuerySchema,
        response: { 200: envelopeSchema(fairReceiptSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await receiptOf(db, sessionOf(request).user.id, Number(request.query.order), {
          stream: ctx.config.marketStream,
          lang: request.lang as Lang,
          configuredEpochMs: ctx.config.fairEpochSeconds * 1000,
          nowMs: Date.now(),
        }),
      ),
  );
}
