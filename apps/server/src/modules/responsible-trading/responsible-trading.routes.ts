import { envelopeSchema } from '@app/contract/common';
import {
  excludeRequestSchema,
  responsibleStateSchema,
  sessionSummarySchema,
  setLimitsRequestSchema,
  setRealityCheckRequestSchema,
} from '@app/contract/responsible-trading';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { requireUser, sessionOf } from '../users/users.guard.js';
import * as service from './responsible-trading.service.js';

export interface ResponsibleRoutesOptions {
  ctx: AppContext;
  /** The session's orders, from the orders module (wired by the app). */
  sessionOrderTotals: service.SessionOrderTotals;
}

const emptyBodySchema = z.strictObject({}).optional();

/**
 * `/api/user/responsible/*` (issue 14): the user's own limits, reality check and exclusion. There is
 * no operator route that changes any of them (the back office reads them: responsible-trading.admin-routes.ts).
 */
export async function responsibleTradingRoutes(
  app: FastifyInstance,
  { ctx, sessionOrderTotals }: ResponsibleRoutesOptions,
) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(ctx);
  const tags = ['responsible'];
  const userId = (request: FastifyRequest) => sessionOf(request).user.id;
  const passwordRate = { rateLimit: { max: ctx.config.rateLimits.passwordPerMinute, timeWindow: 60_000 } };

  r.post(
    '/responsible',
    {
      onRequest: signedIn,
      schema: { tags, body: emptyBodySchema, response: { 200: envelopeSchema(responsibleStateSchema) } },
    },
    async (request) => ok(request, await service.getState(db, userId(request), new Date())),
  );

  r.post(
    '/responsible/limits',
    {
      onRequest: signedIn,
      schema: { tags, body: setLimitsRequestSchema, response: { 200: envelopeSchema(responsibleStateSchema) } },
    },
    async (request) => {
      const now = new Date();
      await service.setLimits(db, userId(request), request.body, now);
      // The session time limit rides in the cached sessions (users resolveSession): read it afresh.
      ctx.events.accountChanged(userId(request));
      return ok(request, await service.getState(db, userId(request), now));
    },
  );

  r.post(
    '/responsible/reality_check',
    {
      onRequest: signedIn,
      schema: { tags, body: setRealityCheckRequestSchema, response: { 200: envelopeSchema(responsibleStateSchema) } },
    },
    async (request) => {
      await service.setRealityCheck(db, userId(request), request.body.minutes);
      return ok(request, await service.getState(db, userId(request), new Date()));
    },
  );

  r.post(
    '/responsible/exclude',
    {
      onRequest: signedIn,
      config: passwordRate,
      schema: { tags, body: excludeRequestSchema, response: { 200: envelopeSchema(responsibleStateSchema) } },
    },
    async (request) => {
      const now = new Date();
      await service.exclude(db, sessionOf(request), request.body, now);
      return ok(request, await service.getState(db, userId(request), now));
    },
  );

  r.post(
    '/responsible/session',
    {
      onRequest: signedIn,
      schema: { tags, body: emptyBodySchema, response: { 200: envelopeSchema(sessionSummarySchema) } },
    },
    async (request) =>
      ok(request, await service.sessionSummary(db, ctx.events, sessionOf(request), new Date(), sessionOrderTotals)),
  );
}
