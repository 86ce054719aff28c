import { envelopeSchema, pageSchema } from '@app/contract/common';
import {
  createOrderRequestSchema,
  heldOrderSchema,
  holdListRequestSchema,
  orderDetailRequestSchema,
  orderListRequestSchema,
  orderSchema,
  productOrdersRequestSchema,
} from '@app/contract/markets';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { claimOf, replyValue } from '../idempotency/idempotency.plugin.js';
import { requireUser, sessionOf } from '../users/users.guard.js';
import { OrderDesk } from './order-desk.js';
import { createOrder } from './placing.js';
import { getUserOrder, heldOrders, listOrders, productOrders } from './reading.js';

/** `/api/order/*` and `/api/product/orders`: the user's timed orders (DESIGN.md 6.4). */
export async function orderRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const { marketStream } = ctx.config;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(ctx);
  const tags = ['orders'];
  const userId = (request: FastifyRequest) => sessionOf(request).user.id;

  // The placer, the entry watcher and the entry writer live as long as this app. Ticks told over the
  // bus wake the entry watcher in an API process without the engine (ROLE=api).
  const desk = new OrderDesk(db, ctx.events, undefined, ctx.config.platformTimeZone, {
    observeBus: (observer) => ctx.realtime.observe(observer),
    log: app.log,
  });
  app.addHook('onClose', async () => desk.close());

  r.post(
    '/order/create',
    {
      onRequest: signedIn,
      config: { idempotent: true },
      schema: { tags, body: createOrderRequestSchema, response: { 200: envelopeSchema(orderSchema) } },
    },
    async (request, reply) => {
      const limits = (await ctx.settings.get()).trading;
      const placed = await createOrder(
        desk,
        userId(request),
        request.body,
        limits,
        claimOf(request),
        marketStream,
        request.lang,
      );
      if (placed.replayed) return ok(request, replyValue(reply, placed));
      // The balance changed, the session did not: drop the cached profile extras only.
      ctx.events.balanceChanged(userId(request));
      // Waiting for its entry: the entry follows as another `order` event (settled-order-push.ts).
      ctx.realtime.queueUser(userId(request), { type: 'order', order: placed.value });
      return ok(request, placed.value);
    },
  );

  r.post(
    '/order/hold_list',
    {
      onRequest: signedIn,
      schema: {
        tags,
        body: holdListRequestSchema.optional(),
        response: { 200: envelopeSchema(z.array(heldOrderSchema)) },
      },
    },
    async (request) =>
      ok(request, await heldOrders(db, userId(request), marketStream, request.lang, request.body?.account)),
  );

  r.post(
    '/order/list',
    {
      onRequest: signedIn,
      schema: {
        tags,
        body: orderListRequestSchema.optional(),
        response: { 200: envelopeSchema(pageSchema(orderSchema)) },
      },
    },
    async (request) => {
      const { page = 1, pageSize = 20, symbol, status, direction, account } = request.body ?? {};
      return ok(
        request,
        await listOrders(
          db,
          userId(request),
          { symbol, status, direction, settledOnly: true, account },
          { page, pageSize },
          marketStream,
          request.lang,
        ),
      );
    },
  );

  r.post(
    '/order/detail',
    {
      onRequest: signedIn,
      schema: { tags, body: orderDetailRequestSchema, response: { 200: envelopeSchema(orderSchema) } },
    },
    async (request) =>
      ok(request, await getUserOrder(db, userId(request), Number(request.body.id), marketStream, request.lang)),
  );

  r.post(
    '/product/orders',
    {
      onRequest: signedIn,
      schema: { tags, body: productOrdersRequestSchema, response: { 200: envelopeSchema(z.array(orderSchema)) } },
    },
    async (request) =>
      ok(
        request,
        await productOrders(db, userId(request), request.body.symbol, marketStream, request.lang, request.body.account),
      ),
  );
}
