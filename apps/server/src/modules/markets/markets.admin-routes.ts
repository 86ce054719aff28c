import {
  adminProductSchema,
  symbolParamsSchema,
  updateProductRequestSchema,
  updateTradingLimitsRequestSchema,
} from '@app/contract/admin-markets';
import { envelopeSchema } from '@app/contract/common';
import { adminSettingsSchema } from '@app/contract/wallet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { adminSessionOf, requireAdmin } from '../admin-auth/admin-auth.guard.js';
import { actorOf } from '../admin-auth/admin-auth.service.js';
import * as service from './product-rules.service.js';

/**
 * Back office of products and trading rules, and the risk limits of timed orders (DESIGN.md 8:
 * `content` runs products and config). There is no call here, or anywhere, that edits prices,
 * ticks, candles or orders.
 */
export async function marketAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const content = requireAdmin(db, ['content']);
  const tags = ['admin'];
  const actor = (request: FastifyRequest) => actorOf(adminSessionOf(request), request.ip);

  r.get(
    '/products',
    { onRequest: content, schema: { tags, response: { 200: envelopeSchema(z.array(adminProductSchema)) } } },
    async (request) => ok(request, await service.listAdminProducts(db, ctx.config.marketStream)),
  );

  r.patch(
    '/products/:symbol',
    {
      onRequest: content,
      schema: {
        tags,
        params: symbolParamsSchema,
        body: updateProductRequestSchema,
        response: { 200: envelopeSchema(adminProductSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await service.updateProduct(db, request.params.symbol, request.body, actor(request), ctx.config.marketStream),
      ),
  );

  r.put(
    '/settings/trading',
    {
      onRequest: content,
      schema: {
        tags,
        body: updateTradingLimitsRequestSchema,
        response: { 200: envelopeSchema(adminSettingsSchema) },
      },
    },
    async (request) => {
      await ctx.settings.update({ trading: request.body }, actor(request));
      return ok(request, await ctx.settings.get());
    },
  );
}
