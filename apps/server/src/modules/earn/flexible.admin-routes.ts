import { envelopeSchema, pageSchema } from '@app/contract/common';
import {
  flexibleRateListRequestSchema,
  flexibleRateSchema,
  flexibleSummarySchema,
  setFlexibleRateRequestSchema,
} from '@app/contract/flexible-earn';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { adminSessionOf, requireAdmin } from '../admin-auth/admin-auth.guard.js';
import { actorOf } from '../admin-auth/admin-auth.service.js';
import * as service from './flexible.service.js';

/**
 * The back office's flexible earn: the daily rate (content sets it, audited, effective from a later
 * day) with its history, and the totals held and paid. No call touches a user's balance.
 */
export async function flexibleAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = requireAdmin(db, ['content', 'finance']);
  const content = requireAdmin(db, ['content']);
  const tags = ['admin'];
  const clock = (): service.PlatformClock => ({ now: () => new Date(), timeZone: ctx.config.platformTimeZone });

  r.get(
    '/flexible-earn/summary',
    { onRequest: readers, schema: { tags, response: { 200: envelopeSchema(flexibleSummarySchema) } } },
    async (request) => ok(request, await service.flexibleSummary(db, clock())),
  );

  r.get(
    '/flexible-earn/rates',
    {
      onRequest: readers,
      schema: {
        tags,
        querystring: flexibleRateListRequestSchema,
        response: { 200: envelopeSchema(pageSchema(flexibleRateSchema)) },
      },
    },
    async (request) => ok(request, await service.listRates(db, request.query)),
  );

  r.post(
    '/flexible-earn/rates',
    {
      onRequest: content,
      schema: { tags, body: setFlexibleRateRequestSchema, response: { 200: envelopeSchema(flexibleRateSchema) } },
    },
    async (request) => {
      const actor = actorOf(adminSessionOf(request), request.ip);
      return ok(request, await service.setDailyRate(db, actor, request.body, clock()));
    },
  );
}
