import { envelopeSchema, nullSchema } from '@app/contract/common';
import {
  markNotificationsReadRequestSchema,
  notificationListRequestSchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  setNotificationPreferenceRequestSchema,
  unreadCountSchema,
} from '@app/contract/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { requireUser, sessionOf } from '../users/users.guard.js';
import { deliverNotices } from './notifications.delivery.js';
import * as service from './notifications.service.js';

const emptyBodySchema = z.strictObject({}).optional();

/** `/api/notification/*` (issue 14): the user's notices, read marks and preferences; stores and pushes told notices. */
export async function notificationRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(ctx);
  const tags = ['notification'];
  const userId = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user.id;

  // The app's `userNotice` events become stored notices and live pushes while the app runs.
  const stopDelivery = deliverNotices(ctx, app.log);
  app.addHook('onClose', async () => {
    await stopDelivery();
  });

  r.post(
    '/list',
    {
      onRequest: signedIn,
      schema: {
        tags,
        body: notificationListRequestSchema.optional(),
        response: { 200: envelopeSchema(notificationPageSchema) },
      },
    },
    async (request) => {
      const body = request.body ?? { page: 1, pageSize: 20 };
      return ok(request, await service.listNotifications(db, userId(request), body));
    },
  );

  r.post(
    '/unread',
    {
      onRequest: signedIn,
      schema: { tags, body: emptyBodySchema, response: { 200: envelopeSchema(unreadCountSchema) } },
    },
    async (request) => ok(request, { unread: await service.unreadCount(db, userId(request)) }),
  );

  r.post(
    '/read',
    {
      onRequest: signedIn,
      schema: { tags, body: markNotificationsReadRequestSchema, response: { 200: envelopeSchema(unreadCountSchema) } },
    },
    async (request) => {
      await service.markRead(db, userId(request), request.body.ids.map(Number));
      return ok(request, { unread: await service.unreadCount(db, userId(request)) });
    },
  );

  r.post(
    '/read_all',
    { onRequest: signedIn, schema: { tags, body: emptyBodySchema, response: { 200: envelopeSchema(nullSchema) } } },
    async (request) => {
      await service.markAllRead(db, userId(request));
      return ok(request, null);
    },
  );

  r.post(
    '/preferences',
    {
      onRequest: signedIn,
      schema: { tags, body: emptyBodySchema, response: { 200: envelopeSchema(notificationPreferencesSchema) } },
    },
    async (request) => ok(request, await service.getPreferences(db, userId(request))),
  );

  r.post(
    '/preferences/set',
    {
      onRequest: signedIn,
      schema: {
        tags,
        body: setNotificationPreferenceRequestSchema,
        response: { 200: envelopeSchema(notificationPreferencesSchema) },
      },
    },
    async (request) => ok(request, await service.setPreference(db, userId(request), request.body)),
  );
}
