import { envelopeSchema, nullSchema } from '@app/contract/common';
import {
  authResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  resetPayPasswordRequestSchema,
  userProfileSchema,
} from '@app/contract/users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { cacheProfileExtras, getCachedProfileExtras } from './session-cache.js';
import { recordLogin } from './sessions.service.js';
import { requireUser, sessionOf } from './users.guard.js';
import * as service from './users.service.js';
import type { UserRow } from './users.tables.js';

const emptyBodySchema = z.strictObject({}).optional();

export interface UserRoutesOptions {
  ctx: AppContext;
  /** The profile's extras from other modules, wired in by the app. */
  facts: Pick<service.UserFacts, 'profileExtras'>;
}

/** `/api/user/*`: accounts (DESIGN.md 6.1). */
export async function userRoutes(app: FastifyInstance, { ctx, facts }: UserRoutesOptions) {
  const { db } = ctx.database;
  const limits = ctx.config.rateLimits;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const meta = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 256) ?? null,
  });
  // The profile gathers what other capabilities know about the user; the app composes, modules stay apart.
  const profile = async (user: UserRow) => {
    let extras = getCachedProfileExtras<service.ProfileExtras>(user.id);
    if (!extras) {
      extras = await facts.profileExtras(db, user.id);
      cacheProfileExtras(user.id, extras);
    }
    return service.toProfile(user, ctx.config.publicOrigin, extras);
  };
  const signedIn = requireUser(ctx);
  const signedInPendingChange = requireUser(ctx, { allowPendingPasswordChange: true });

  r.post(
    '/register',
    {
      config: { rateLimit: { max: limits.registerPerMinute, timeWindow: 60_000 } },
      schema: { tags: ['user'], body: registerRequestSchema, response: { 200: envelopeSchema(authResponseSchema) } },
    },
    async (request) => {
      const settings = await ctx.settings.get();
      const { token, user } = await service.register(
        db,
        request.body,
        { inviteRequired: settings.inviteRequired },
        meta(request),
      );
      return ok(request, { token, user: await profile(user) });
    },
  );

  r.post(
    '/login',
    {
      config: { rateLimit: { max: limits.loginPerMinute, timeWindow: 60_000 } },
      schema: { tags: ['user'], body: loginRequestSchema, response: { 200: envelopeSchema(loginResponseSchema) } },
    },
    async (request) => {
      // Issue 14: every attempt is kept in the user's login history; a new device is told about. A user
      // with a second factor on gets a challenge instead (completed by user/login_two_factor).
      const result = await recordLogin(db, ctx.events, request.body.username, meta(request), () =>
        service.login(db, request.body, meta(request), ctx.twoFactor),
      );
      if ('challenge' in result) return ok(request, result.challenge);
      return ok(request, { token: result.token, user: await profile(result.user) });
    },
  );

  r.post(
    '/details',
    {
      onRequest: signedInPendingChange,
      // A few hundred bytes, asked on every screen: never worth compressing, so not even checked.
      compress: false,
      schema: { tags: ['user'], body: emptyBodySchema, response: { 200: envelopeSchema(userProfileSchema) } },
    },
    async (request) => ok(request, await profile(sessionOf(request).user)),
  );

  r.post(
    '/logout',
    {
      onRequest: signedInPendingChange,
      schema: { tags: ['user'], body: emptyBodySchema, response: { 200: envelopeSchema(nullSchema) } },
    },
    async (request) => {
      await service.logout(db, sessionOf(request));
      ctx.events.sessionRevoked(sessionOf(request).user.id);
      return ok(request, null);
    },
  );

  r.post(
    '/reset_pwd',
    {
      onRequest: signedInPendingChange,
      config: { rateLimit: { max: limits.passwordPerMinute, timeWindow: 60_000 } },
      schema: { tags: ['user'], body: resetPasswordRequestSchema, response: { 200: envelopeSchema(nullSchema) } },
    },
    async (request) => {
      const current = sessionOf(request);
      await service.changePassword(db, current, request.body);
      ctx.events.sessionRevoked(current.user.id);
      ctx.events.userNotice({
        userId: current.user.id,
        kind: 'password_changed',
        params: {},
        key: `password:${current.sessionId}:${Date.now()}`,
      });
      return ok(request, null);
    },
  );

  r.post(
    '/reset_paypwd',
    {
      onRequest: signedIn,
      config: { rateLimit: { max: limits.passwordPerMinute, timeWindow: 60_000 } },
      schema: { tags: ['user'], body: resetPayPasswordRequestSchema, response: { 200: envelopeSchema(nullSchema) } },
    },
    async (request) => {
      const current = sessionOf(request);
      const secondFactor = await ctx.twoFactor.checkMoneyMove(db, current.user.id, request.body.twoFactorCode);
      await service.setPayPassword(db, current, request.body, secondFactor);
      ctx.events.userNotice({
        userId: current.user.id,
        kind: 'pay_password_changed',
        params: {},
        key: `pay_password:${current.sessionId}:${Date.now()}`,
      });
      return ok(request, null);
    },
  );
}
