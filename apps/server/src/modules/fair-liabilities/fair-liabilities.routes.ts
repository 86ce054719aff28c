import { envelopeSchema } from '@app/contract/common';
import {
  liabilityListRequestSchema,
  liabilityListSchema,
  liabilityProofRequestSchema,
  liabilityProofSchema,
} from '@app/contract/fair-liabilities';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { requireUser, sessionOf } from '../users/users.guard.js';
import * as service from './fair-liabilities.service.js';

/**
 * `/api/fair/liabilities` (public: the published days) and `/api/fair/liability_proof` (the signed-in
 * user's leaf and path). The protocol: docs/provably-fair.md, "Proof of liabilities".
 */
export async function fairLiabilityRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['fair'];

  r.get(
    '/liabilities',
    {
      schema: { tags, querystring: liabilityListRequestSchema, response: { 200: envelopeSchema(liabilityListSchema) } },
    },
    async (request) => ok(request, { list: await service.listLiabilities(db, request.query.limit) }),
  );

  r.post(
    '/liability_proof',
    {
      onRequest: requireUser(ctx),
      schema: { tags, body: liabilityProofRequestSchema, response: { 200: envelopeSchema(liabilityProofSchema) } },
    },
    async (request) =>
      ok(request, await service.liabilityProof(db, sessionOf(request).user.id, request.body?.day ?? undefined)),
  );
}
