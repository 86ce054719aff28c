import { envelopeSchema } from '@app/contract/common';
import type { Lang } from '@app/contract/lang';
import {
  candleSchema,
  klineRequestSchema,
  productDetailsRequestSchema,
  productListRequestSchema,
  quoteSchema,
  turnoverSchema,
} from '@app/contract/markets';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import * as service from './markets.service.js';

/** `/api/product/*`: public market data (DESIGN.md 6.4). */
export async function marketRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const { marketStream } = ctx.config;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['markets'];

  r.post(
    '/list',
    {
      schema: {
        tags,
        body: productListRequestSchema.optional(),
        response: { 200: envelopeSchema(z.array(quoteSchema)) },
      },
    },
    async (request) =>
      ok(request, await service.quotes(db, marketStream, request.lang as Lang, request.body?.category)),
  );

  r.post(
    '/details',
    { schema: { tags, body: productDetailsRequestSchema, response: { 200: envelopeSchema(quoteSchema) } } },
    async (request) => ok(request, await service.quote(db, marketStream, request.lang as Lang, request.body.symbol)),
  );

  r.post(
    '/trunover',
    { schema: { tags, body: productDetailsRequestSchema, response: { 200: envelopeSchema(turnoverSchema) } } },
    async (request) => ok(request, await service.turnover(db, marketStream, request.body.symbol)),
  );

  r.post(
    '/kdata',
    {
      schema: { tags, body: klineRequestSchema, response: { 200: envelopeSchema(z.array(candleSchema)) } },
    },
    async (request) => {
      const { symbol, interval, limit, before } = request.body;
      return ok(request, await service.kline(db, symbol, interval, limit, before));
    },
  );
}
