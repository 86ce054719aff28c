import { envelopeSchema, pageSchema } from '@app/contract/common';
import {
  createOrderRequestSchema,
  heldOrderSchema,
  orderListRequestSchema,
  orderSchema,
  productOrdersRequestSchema,
} from '@app/contract/markets';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { requestKeyOf } from '../idempotency/idempotency.plugin.js';
import { publishUserEvent } from '../realtime/realtime.publish.js';
import { forgetUserSessions } from '../users/session-cache.js';
import { requireUser, sessionOf } from '../users/users.guard.js';
import * as service from './orders.service.js';
import { orders } from './orders.tables.js';
import { orderEvents } from './settlement-worker.js';

/** `/api/order/*` and `/api/product/orders`: the user's timed orders (DESIGN.md 6.4). */
export async function orderRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(db);
  const tags = ['orders'];
  const userId = (request: FastifyRequest) => sessionOf(request).user.id;

  // Settled orders reach the user's screens live, in whichever process their socket is.
  const pushOrder = async (forUserId: number, orderId: number) => {
    const row = await service.findOrder(db, orderId);
    if (!row) return;
    const [order] = await service.toOrders(db, [row]);
    await publishUserEvent(db, forUserId, { type: 'order', order: order! });
  };
  const onSettled = (event: { db: unknown; userId: number; orderId: number }) => {
    if (event.db !== db) return;
    forgetUserSessions(event.userId);
    pushOrder(event.userId, event.orderId).catch((error) => app.log.error({ err: error }, 'order push failed'));
  };
  orderEvents.on('settled', onSettled);
  app.addHook('onClose', async () => {
    orderEvents.off('settled', onSettled);
  });

  r.post(
    '/order/create',
    {
      onRequest: signedIn,
      config: { idempotent: true },
      schema: { tags, body: createOrderRequestSchema, response: { 200: envelopeSchema(orderSchema) } },
    },
    async (request) => {
      const limits = (await ctx.settings.get()).trading;
      const row = await service.createOrder(db, userId(request), request.body, limits, requestKeyOf(request));
      forgetUserSessions(userId(request));
      const [order] = await service.toOrders(db, [row]);
      publishUserEvent(db, row.userId, { type: 'order', order: order! }).catch((error) =>
        request.log.error({ err: error }, 'order push failed'),
      );
      return ok(request, order!);
    },
  );

  r.post(
    '/order/hold_list',
    {
      onRequest: signedIn,
      schema: {
        tags,
        body: z.strictObject({}).optional(),
        response: { 200: envelopeSchema(z.array(heldOrderSchema)) },
      },
    },
    async (request) => ok(request, await service.heldOrders(db, userId(request))),
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
      const { page = 1, pageSize = 20, symbol, status, direction } = request.body ?? {};
      return ok(
        request,
        await service.listOrders(
          db,
          userId(request),
          { symbol, status, direction, settledOnly: true },
          { page, pageSize },
        ),
      );
    },
  );

  r.post(
    '/product/orders',
    {
      onRequest: signedIn,
      schema: { tags, body: productOrdersRequestSchema, response: { 200: envelopeSchema(z.array(orderSchema)) } },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId(request)), eq(orders.symbol, request.body.symbol)))
        .orderBy(desc(orders.id))
        .limit(50);
      return ok(request, await service.toOrders(db, rows));
    },
  );
}
