import { envelopeSchema, nullSchema } from '@app/contract/common';
import {
  createPriceAlertRequestSchema,
  priceAlertIdRequestSchema,
  priceAlertListRequestSchema,
  priceAlertListSchema,
  priceAlertSchema,
  setPriceAlertEnabledRequestSchema,
  watchlistChangeRequestSchema,
  watchlistSchema,
} from '@app/contract/price-alerts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { requireUser, sessionOf } from '../users/users.guard.js';
import * as service from './price-alerts.service.js';

const emptyBodySchema = z.strictObject({}).optional();

/** `/api/watchlist/*` and `/api/price_alert/*` (issue 15): the user's favourites and price alerts. */
export async function priceAlertRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(ctx);
  const userId = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user.id;
  const watchlist = { tags: ['watchlist'], response: { 200: envelopeSchema(watchlistSchema) } };
  const alerts = ['price_alert'];

  r.post('/watchlist/list', { onRequest: signedIn, schema: { ...watchlist, body: emptyBodySchema } }, async (request) =>
    ok(request, await service.listWatchlist(db, userId(request))),
  );
  r.post(
    '/watchlist/add',
    { onRequest: signedIn, schema: { ...watchlist, body: watchlistChangeRequestSchema } },
    async (request) => ok(request, await service.addToWatchlist(db, userId(request), request.body.symbol)),
  );
  r.post(
    '/watchlist/remove',
    { onRequest: signedIn, schema: { ...watchlist, body: watchlistChangeRequestSchema } },
    async (request) => ok(request, await service.removeFromWatchlist(db, userId(request), request.body.symbol)),
  );

  r.post(
    '/price_alert/list',
    {
      onRequest: signedIn,
      schema: {
        tags: alerts,
        body: priceAlertListRequestSchema.optional(),
        response: { 200: envelopeSchema(priceAlertListSchema) },
      },
    },
    async (request) => ok(request, await service.listAlerts(db, userId(request), request.body?.symbol)),
  );
  r.post(
    '/price_alert/create',
    {
      onRequest: signedIn,
      schema: {
        tags: alerts,
        body: createPriceAlertRequestSchema,
        response: { 200: envelopeSchema(priceAlertSchema) },
      },
    },
    async (request) => ok(request, await service.createAlert(db, userId(request), request.body)),
  );
  r.post(
    '/price_alert/set_enabled',
    {
      onRequest: signedIn,
      schema: {
        tags: alerts,
        body: setPriceAlertEnabledRequestSchema,
        response: { 200: envelopeSchema(priceAlertSchema) },
      },
    },
    async (request) =>
      ok(request, await service.setAlertEnabled(db, userId(request), Number(request.body.id), request.body.enabled)),
  );
  r.post(
    '/price_alert/delete',
    {
      onRequest: signedIn,
      schema: { tags: alerts, body: priceAlertIdRequestSchema, response: { 200: envelopeSchema(nullSchema) } },
    },
    async (request) => {
      await service.deleteAlert(db, userId(request), Number(request.body.id));
      return ok(request, null);
    },
  );
}
