import { envelopeSchema } from '@app/contract/common';
import {
  FAIR_TICKS_MAX,
  FAIR_TIME_MS_MAX,
  fairCheckpointListSchema,
  fairCheckpointsQuerySchema,
  fairKeySchema,
  fairTickListSchema,
  fairTicksQuerySchema,
} from '@app/contract/fair';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import * as service from './fair.service.js';

/** `/api/fair/*`: the public side of provable fairness (issue 13 section 1). No session needed. */
export async function fairRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['fair'];

  r.get(
    '/ticks',
    { schema: { tags, querystring: fairTicksQuerySchema, response: { 200: envelopeSchema(fairTickListSchema) } } },
    async (request) => {
      const { symbol, from, to } = request.query;
      const list = await service.tickChain(db, symbol, from, to ?? FAIR_TIME_MS_MAX, FAIR_TICKS_MAX);
      return ok(request, { list });
    },
  );

  r.get(
    '/checkpoints',
    {
      schema: {
        tags,
        querystring: fairCheckpointsQuerySchema,
        response: { 200: envelopeSchema(fairCheckpointListSchema) },
      },
    },
    async (request) => {
      const { fromSeq, limit } = request.query;
      return ok(request, { list: await service.listCheckpoints(db, fromSeq, limit) });
    },
  );

  r.get('/key', { schema: { tags, response: { 200: envelopeSchema(fairKeySchema) } } }, async (request) =>
    ok(request, await service.publishedKey(db)),
  );
}
