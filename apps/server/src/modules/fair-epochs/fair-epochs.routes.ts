import { envelopeSchema } from '@app/contract/common';
import { FAIR_TIME_MS_MAX } from '@app/contract/fair';
import {
  fairEpochListSchema,
  fairEpochsQuerySchema,
  fairPathListSchema,
  fairPathsQuerySchema,
} from '@app/contract/fair-epochs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import * as service from './fair-epochs.service.js';

/** Without `from`: the epochs of the last day (their revealed seeds) and every upcoming one. */
const DEFAULT_LOOKBACK_MS = 86_400_000;

/**
 * `/api/fair/epochs` and `/api/fair/paths` (issue 13 section 2): public, no session. Served from
 * the database alone, so any process answers them (the seed secret stays with the engine).
 */
export async function fairEpochRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['fair'];

  r.get(
    '/epochs',
    { schema: { tags, querystring: fairEpochsQuerySchema, response: { 200: envelopeSchema(fairEpochListSchema) } } },
    async (request) => {
      const now = Date.now();
      const { from = Math.max(0, now - DEFAULT_LOOKBACK_MS), to = FAIR_TIME_MS_MAX } = request.query;
      return ok(request, { list: await service.listEpochs(db, from, to, now) });
    },
  );

  r.get(
    '/paths',
    { schema: { tags, querystring: fairPathsQuerySchema, response: { 200: envelopeSchema(fairPathListSchema) } } },
    async (request) => {
      const now = Date.now();
      const { symbol, from = Math.max(0, now - DEFAULT_LOOKBACK_MS), to = FAIR_TIME_MS_MAX } = request.query;
      return ok(request, { list: await service.listPaths(db, symbol, from, to) });
    },
  );
}
