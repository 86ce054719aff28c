import { envelopeSchema } from '@app/contract/common';
import {
  flexibleMyOrderRequestSchema,
  flexibleMyOrderSchema,
  flexibleOrderMoneyRequestSchema,
  flexibleOrderSchema,
} from '@app/contract/flexible-earn';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { claimOf, replyValue } from '../idempotency/idempotency.plugin.js';
import { requireUser, sessionOf } from '../users/users.guard.js';
import * as service from './flexible.service.js';

/**
 * The user's flexible earn calls (the spec's DeFi orders, DESIGN.md 6.5). In-app balance only:
 * there is no wallet approval of any kind. The spec's client may also put its token in the body;
 * the session comes from the Authorization header alone and that field is ignored.
 */
export async function flexibleRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(ctx);
  const tags = ['earn'];
  const clock = (): service.PlatformClock => ({ now: () => new Date(), timeZone: ctx.config.platformTimeZone });

  r.post(
    '/Defi/orderMoney',
    {
      onRequest: signedIn,
      config: { idempotent: true },
      schema: { tags, body: flexibleOrderMoneyRequestSchema, response: { 200: envelopeSchema(flexibleOrderSchema) } },
    },
    async (request, reply) => {
      const userId = sessionOf(request).user.id;
      const { action, amount, payPassword, twoFactorCode } = request.body;
      // Issue 14: subscribing asks the second factor; redeeming returns money to the user's own balance.
      const secondFactor =
        action === 'subscribe' ? await ctx.twoFactor.checkMoneyMove(db, userId, twoFactorCode) : undefined;
      const moved = await service.moveFlexible(
        db,
        userId,
        { action, amount, payPassword },
        claimOf(request),
        clock(),
        secondFactor,
      );
      ctx.events.balanceChanged(userId);
      return ok(request, replyValue(reply, moved));
    },
  );

  r.post(
    '/Defi/myOrder',
    {
      onRequest: signedIn,
      schema: {
        tags,
        body: flexibleMyOrderRequestSchema.optional(),
        response: { 200: envelopeSchema(flexibleMyOrderSchema) },
      },
    },
    async (request) => {
      const { page = 1, pageSize = 20 } = request.body ?? {};
      return ok(request, await service.myFlexible(db, sessionOf(request).user.id, { page, pageSize }, clock()));
    },
  );
}
