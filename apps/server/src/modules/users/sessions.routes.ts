import { envelopeSchema, nullSchema } from '@app/contract/common';
import {
  endSessionRequestSchema,
  endSessionsResponseSchema,
  loginHistoryPageSchema,
  loginHistoryRequestSchema,
  userSessionListSchema,
} from '@app/contract/sessions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import * as sessions from './sessions.service.js';
import { requireUser, sessionOf } from './users.guard.js';

const emptyBodySchema = z.strictObject({}).optional();

/** `/api/user/sessions*` and `/api/user/login_history` (issue 14): the user's devices and sign-ins. */
export async function sessionRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(ctx);
  const tags = ['user'];

  r.post(
    '/sessions',
    {
      onRequest: signedIn,
      schema: { tags, body: emptyBodySchema, response: { 200: envelopeSchema(userSessionListSchema) } },
    },
    async (request) => {
      const { user, sessionId } = sessionOf(request);
      return ok(request, await sessions.listSessions(db, user.id, sessionId));
    },
  );

  r.post(
    '/sessions/end',
    {
      onRequest: signedIn,
      schema: { tags, body: endSessionRequestSchema, response: { 200: envelopeSchema(nullSchema) } },
    },
    async (request) => {
      await sessions.endSession(db, ctx.events, sessionOf(request).user.id, Number(request.body.id));
      return ok(request, null);
    },
  );

  r.post(
    '/sessions/end_others',
    {
      onRequest: signedIn,
      schema: { tags, body: emptyBodySchema, response: { 200: envelopeSchema(endSessionsResponseSchema) } },
    },
    async (request) => {
      const { user, sessionId } = sessionOf(request);
      return ok(request, { ended: await sessions.endSessions(db, ctx.events, user.id, sessionId) });
    },
  );

  r.post(
    '/login_history',
    {
      onRequest: signedIn,
      schema: {
        tags,
        body: loginHistoryRequestSchema.optional(),
        response: { 200: envelopeSchema(loginHistoryPageSchema) },
      },
    },
    async (request) => {
      const page = request.body ?? { page: 1, pageSize: 20 };
      return ok(request, await sessions.listLoginHistory(db, sessionOf(request).user.id, page));
    },
  );
}
