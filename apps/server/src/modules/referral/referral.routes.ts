import { envelopeSchema } from '@app/contract/common';
import { inviteOverviewSchema, inviteRequestSchema } from '@app/contract/referral';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { requireUser, sessionOf } from '../users/users.guard.js';
import * as service from './referral.service.js';

/**
 * Where the invite link points: the configured public origin, else the origin the app was opened at
 * (the browser's `Origin`), else this request's own scheme and host.
 */
export function originOf(request: FastifyRequest, publicOrigin: string | undefined): string {
  if (publicOrigin) return publicOrigin.replace(/\/+$/, '');
  const origin = request.headers.origin;
  if (origin && /^https?:\/\/[^/\s]+$/i.test(origin)) return origin;
  return `${request.protocol}://${request.host}`;
}

/** `/api/user/invite`: the user's referral screen (DESIGN.md 6.6). */
export async function referralRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/invite',
    {
      onRequest: requireUser(ctx),
      schema: { tags: ['user'], body: inviteRequestSchema, response: { 200: envelopeSchema(inviteOverviewSchema) } },
    },
    async (request) => {
      const settings = await ctx.settings.get();
      const overview = await service.inviteOverview(db, sessionOf(request).user.id, {
        origin: originOf(request, ctx.config.publicOrigin),
        settings: settings.referral,
        page: { page: request.body?.page ?? 1, pageSize: request.body?.pageSize ?? 20 },
      });
      return ok(request, overview);
    },
  );
}
