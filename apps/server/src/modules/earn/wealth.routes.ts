import { envelopeSchema, pageSchema } from '@app/contract/common';
import {
  wealthBuyRequestSchema,
  wealthDetailsQuerySchema,
  wealthListRequestSchema,
  wealthOrderSchema,
  wealthOrdersRequestSchema,
  wealthProductSchema,
  wealthQuoteSchema,
  wealthRevenueEntrySchema,
  wealthRevenueRequestSchema,
  wealthSubmitRequestSchema,
} from '@app/contract/wealth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { claimOf, replyValue } from '../idempotency/idempotency.plugin.js';
import { requireUser, sessionOf } from '../users/users.guard.js';
import * as service from './wealth.service.js';
import { getEnabledProduct, listEnabledProducts, toWealthProduct } from './wealth-products.service.js';

/** `/api/wealth/*`: locked deposits (DESIGN.md 6.5). The list and details are public. */
export async function wealthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const { platformTimeZone } = ctx.config;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(ctx);
  const tags = ['wealth'];
  const userId = (request: FastifyRequest) => sessionOf(request).user.id;

  r.post(
    '/getList',
    {
      schema: {
        tags,
        body: wealthListRequestSchema.optional(),
        response: { 200: envelopeSchema(z.array(wealthProductSchema)) },
      },
    },
    async (request) => ok(request, await listEnabledProducts(db, request.lang)),
  );

  r.get(
    '/details',
    {
      schema: { tags, querystring: wealthDetailsQuerySchema, response: { 200: envelopeSchema(wealthProductSchema) } },
    },
    async (request) =>
      ok(request, toWealthProduct(await getEnabledProduct(db, Number(request.query.id)), request.lang)),
  );

  r.post(
    '/buy',
    {
      onRequest: signedIn,
      schema: { tags, body: wealthBuyRequestSchema, response: { 200: envelopeSchema(wealthQuoteSchema) } },
    },
    async (request) =>
      ok(request, await service.quotePurchase(db, userId(request), request.body, platformTimeZone, request.lang)),
  );

  r.post(
    '/submit',
    {
      onRequest: signedIn,
      config: { idempotent: true },
      schema: { tags, body: wealthSubmitRequestSchema, response: { 200: envelopeSchema(wealthOrderSchema) } },
    },
    async (request, reply) => {
      const secondFactor = await ctx.twoFactor.checkMoneyMove(db, userId(request), request.body.twoFactorCode);
      const bought = await service.submitPurchase(
        db,
        userId(request),
        request.body,
        platformTimeZone,
        claimOf(request),
        request.lang,
        new Date(),
        secondFactor,
      );
      // The balance changed, the session did not: drop the cached profile extras only.
      ctx.events.balanceChanged(userId(request));
      return ok(request, replyValue(reply, bought));
    },
  );

  r.post(
    '/orders',
    {
      onRequest: signedIn,
      schema: {
        tags,
        body: wealthOrdersRequestSchema.optional(),
        response: { 200: envelopeSchema(pageSchema(wealthOrderSchema)) },
      },
    },
    async (request) => {
      const { page = 1, pageSize = 20, status } = request.body ?? {};
      const { list, total } = await service.listUserOrders(
        db,
        userId(request),
        { status },
        { page, pageSize },
        platformTimeZone,
        request.lang,
      );
      return ok(request, { list, total, page, pageSize });
    },
  );

  r.post(
    '/revenue',
    {
      onRequest: signedIn,
      schema: {
        tags,
        body: wealthRevenueRequestSchema.optional(),
        response: { 200: envelopeSchema(pageSchema(wealthRevenueEntrySchema)) },
      },
    },
    async (request) => {
      const { page = 1, pageSize = 20, type } = request.body ?? {};
      const result = await service.listRevenue(db, userId(request), { type }, { page, pageSize });
      return ok(request, { ...result, page, pageSize });
    },
  );
}
