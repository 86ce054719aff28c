import { envelopeSchema } from '@app/contract/common';
import { practiceBalanceSchema } from '@app/contract/practice';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { requireUser, sessionOf } from '../users/users.guard.js';
import { getPracticeBalance, resetPractice } from './practice.service.js';

const emptyBodySchema = z.strictObject({}).optional();

/** `/api/practice/balance` and `/api/practice/reset` (issue 14): the user's practice money. */
export async function practiceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const { platformTimeZone } = ctx.config;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(ctx);
  const tags = ['practice'];
  const userId = (request: FastifyRequest) => sessionOf(request).user.id;
  const schema = { tags, body: emptyBodySchema, response: { 200: envelopeSchema(practiceBalanceSchema) } };

  r.post('/balance', { onRequest: signedIn, schema }, async (request) =>
    ok(request, await getPracticeBalance(db, userId(request), new Date(), platformTimeZone)),
  );

  r.post('/reset', { onRequest: signedIn, schema }, async (request) =>
    ok(request, await resetPractice(db, userId(request), new Date(), platformTimeZone)),
  );
}
