import { idParamsSchema } from '@app/contract/admin';
import { envelopeSchema, pageSchema } from '@app/contract/common';
import {
  adminWealthOrderListRequestSchema,
  adminWealthOrderSchema,
  adminWealthProductSchema,
  createWealthProductRequestSchema,
  updateWealthProductRequestSchema,
} from '@app/contract/wealth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { adminSessionOf, requireAdmin } from '../admin-auth/admin-auth.guard.js';
import { actorOf } from '../admin-auth/admin-auth.service.js';
import { usernamesByIds } from '../users/users.service.js';
import { listAllOrders } from './wealth.service.js';
import * as products from './wealth-products.service.js';

/**
 * Back office of locked deposits (DESIGN.md 8: `content` runs products). Products are created and
 * edited with an audit record each; orders are read-only (only the accrual job moves them on).
 */
export async function wealthAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const content = requireAdmin(db, ['content']);
  const readers = requireAdmin(db, ['content', 'finance', 'support']);
  const tags = ['admin'];
  const actor = (request: FastifyRequest) => actorOf(adminSessionOf(request), request.ip);

  r.get(
    '/wealth/products',
    { onRequest: readers, schema: { tags, response: { 200: envelopeSchema(z.array(adminWealthProductSchema)) } } },
    async (request) => ok(request, await products.listAdminProducts(db)),
  );

  r.post(
    '/wealth/products',
    {
      onRequest: content,
      schema: {
        tags,
        body: createWealthProductRequestSchema,
        response: { 200: envelopeSchema(adminWealthProductSchema) },
      },
    },
    async (request) => ok(request, await products.createProduct(db, request.body, actor(request))),
  );

  r.patch(
    '/wealth/products/:id',
    {
      onRequest: content,
      schema: {
        tags,
        params: idParamsSchema,
        body: updateWealthProductRequestSchema,
        response: { 200: envelopeSchema(adminWealthProductSchema) },
      },
    },
    async (request) =>
      ok(request, await products.updateProduct(db, Number(request.params.id), request.body, actor(request))),
  );

  r.get(
    '/wealth/orders',
    {
      onRequest: readers,
      schema: {
        tags,
        querystring: adminWealthOrderListRequestSchema,
        response: { 200: envelopeSchema(pageSchema(adminWealthOrderSchema)) },
      },
    },
    async (request) => {
      const { page, pageSize, status, productId, userId } = request.query;
      const result = await listAllOrders(
        db,
        {
          status,
          productId: productId === undefined ? undefined : Number(productId),
          userId: userId === undefined ? undefined : Number(userId),
        },
        { page, pageSize },
        ctx.config.platformTimeZone,
      );
      const names = await usernamesByIds(
        db,
        result.rows.map((row) => row.userId),
      );
      const list = result.list.map((order, i) => {
        const id = result.rows[i]!.userId;
        return { ...order, userId: String(id), username: names.get(id) ?? '' };
      });
      return ok(request, { list, total: result.total, page, pageSize });
    },
  );
}
