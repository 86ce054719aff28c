import { envelopeSchema, pageSchema } from '@app/contract/common';
import {
  createOrderRequestSchema,
  heldOrderSchema,
  orderDetailRequestSchema,
  orderListRequestSchema,
  orderSchema,
  productOrdersRequestSchema,
} from '@app/contract/markets';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { markReplayed, serviceKeyOf } from '../idempotency/idempotency.plugin.js';
import { publishUserEvents, queueUserEvent } from '../realtime/realtime.publish.js';
import { requireUser, sessionOf } from '../users/users.guard.js';
import { OrderDesk } from './order-desk.js';
import type { OrderRow } from './order-rows.js';
import { createOrder } from './placing.js';
import { getUserOrder, heldOrders, listOrders, productOrders, toOrders } from './reading.js';

/** Settled orders waiting for their push; beyond this the bus is not keeping up and screens refetch. */
const PENDING_PUSHES_MAX = 50_000;

/** `/api/order/*` and `/api/product/orders`: the user's timed orders (DESIGN.md 6.4). */
export async function orderRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const { marketStream } = ctx.config;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(db);
  const tags = ['orders'];
  const userId = (request: FastifyRequest) => sessionOf(request).user.id;

  // Settled orders reach the user's screens live, in whichever process their socket is. A worker
  // settles hundreds at once: they are collected and pushed together (one read of the products, as
  // few bus messages as fit), so the worker never waits for the pushes.
  let pending: OrderRow[] = [];
  const pushPending = async () => {
    const rows = pending;
    pending = [];
    const list = await toOrders(db, rows, marketStream);
    await publishUserEvents(
      db,
      list.map((order, i) => ({ userId: rows[i]!.userId, message: { type: 'order' as const, order } })),
    );
  };
  const onSettled = (event: { row: OrderRow }) => {
    ctx.events.balanceChanged(event.row.userId);
    if (pending.length >= PENDING_PUSHES_MAX) return;
    pending.push(event.row);
    if (pending.length > 1) return;
    setImmediate(() => pushPending().catch((error) => app.log.error({ err: error }, 'order push failed')));
  };
  ctx.events.on('orderSettled', onSettled);
  // The placer, the entry watcher and the entry writer live as long as this app.
  const desk = new OrderDesk(db, ctx.events);
  app.addHook('onClose', async () => {
    ctx.events.off('orderSettled', onSettled);
    desk.close();
  });

  r.post(
    '/order/create',
    {
      onRequest: signedIn,
      config: { idempotent: 'in-service' },
      schema: { tags, body: createOrderRequestSchema, response: { 200: envelopeSchema(orderSchema) } },
    },
    async (request, reply) => {
      const limits = (await ctx.settings.get()).trading;
      const placed = await createOrder(
        desk,
        userId(request),
        request.body,
        limits,
        serviceKeyOf(request),
        marketStream,
      );
      if (placed.kind === 'stored') {
        // The key's first answer was a refusal: the same refusal again, and nothing moves.
        markReplayed(request);
        // Untyped: the stored body is the envelope as first sent, already serialized.
        return (reply as FastifyReply)
          .status(placed.status)
          .header('idempotent-replayed', 'true')
          .type('application/json; charset=utf-8')
          .send(placed.body);
      }
      if (placed.isReplay) {
        reply.header('idempotent-replayed', 'true');
        return ok(request, placed.order);
      }
      // The balance changed, the session did not: drop the cached profile extras only.
      ctx.events.balanceChanged(userId(request));
      queueUserEvent(db, userId(request), { type: 'order', order: placed.order });
      return ok(request, placed.order);
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
    async (request) => ok(request, await heldOrders(db, userId(request), marketStream)),
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
        await listOrders(
          db,
          userId(request),
          { symbol, status, direction, settledOnly: true },
          { page, pageSize },
          marketStream,
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
    async (request) => ok(request, await getUserOrder(db, userId(request), Number(request.body.id), marketStream)),
  );

  r.post(
    '/product/orders',
    {
      onRequest: signedIn,
      schema: { tags, body: productOrdersRequestSchema, response: { 200: envelopeSchema(z.array(orderSchema)) } },
    },
    async (request) => ok(request, await productOrders(db, userId(request), request.body.symbol, marketStream)),
  );
}
