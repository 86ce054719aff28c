import { idParamsSchema } from '@app/contract/admin';
import { type AdminOrder, adminOrderListRequestSchema, adminOrderSchema } from '@app/contract/admin-markets';
import { envelopeSchema, pageSchema } from '@app/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { requireAdmin } from '../admin-auth/admin-auth.guard.js';
import type { MarketStreamConfig } from '../markets/price-source.js';
import { usernamesByIds } from '../users/users.service.js';
import type { orders } from './orders.tables.js';
import { findOrder, listAllOrders, toOrders } from './reading.js';

/**
 * The back office's view of timed orders: a list and a detail, read-only. No call changes an order;
 * orders settle only from recorded ticks (DESIGN.md 6.4).
 */
export async function orderAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = requireAdmin(db, ['finance', 'support']);
  const tags = ['admin'];

  r.get(
    '/orders',
    {
      onRequest: readers,
      schema: {
        tags,
        querystring: adminOrderListRequestSchema,
        response: { 200: envelopeSchema(pageSchema(adminOrderSchema)) },
      },
    },
    async (request) => {
      const { page, pageSize, userId, symbol, status, direction, account } = request.query;
      const { rows, total } = await listAllOrders(
        db,
        { userId: userId === undefined ? undefined : Number(userId), symbol, status, direction, account },
        { page, pageSize },
      );
      return ok(request, { list: await toAdminOrders(db, rows, ctx.config.marketStream), total, page, pageSize });
    },
  );

  r.get(
    '/orders/:id',
    {
      onRequest: readers,
      schema: { tags, params: idParamsSchema, response: { 200: envelopeSchema(adminOrderSchema) } },
    },
    async (request) => {
      const row = await findOrder(db, Number(request.params.id));
      if (!row) throw new AppError('order_not_found');
      const [order] = await toAdminOrders(db, [row], ctx.config.marketStream);
      return ok(request, order!);
    },
  );
}

async function toAdminOrders(
  db: DbOrTx,
  rows: (typeof orders.$inferSelect)[],
  stream: MarketStreamConfig | null,
): Promise<AdminOrder[]> {
  const [list, names] = await Promise.all([
    toOrders(db, rows, stream, 'en'),
    usernamesByIds(
      db,
      rows.map((row) => row.userId),
    ),
  ]);
  return list.map((order, i) => {
    const userId = rows[i]!.userId;
    return { ...order, userId: String(userId), username: names.get(userId) ?? '' };
  });
}
