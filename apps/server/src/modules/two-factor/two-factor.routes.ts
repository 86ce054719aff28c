import { envelopeSchema, nullSchema } from '@app/contract/common';
import {
  loginTwoFactorRequestSchema,
  recoveryCodesSchema,
  twoFactorCodeRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@app/contract/two-factor';
import { authResponseSchema } from '@app/contract/users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { type LoginStepUser, recordLogin } from '../users/sessions.service.js';
import { requireUser, sessionOf } from '../users/users.guard.js';
import { toProfile, type UserFacts } from '../users/users.service.js';
import type { SecondFactorChange } from './two-factor.service.js';
import * as service from './two-factor.service.js';

const emptyBodySchema = z.strictObject({}).optional();

export interface TwoFactorRoutesOptions {
  ctx: AppContext;
  /** The profile's extras from other modules (the login's answer carries the profile), wired by the app. */
  facts: Pick<UserFacts, 'profileExtras'>;
}

/** `/api/user/two_factor/*` and `/api/user/login_two_factor` (issue 14). */
export async function twoFactorRoutes(app: FastifyInstance, { ctx, facts }: TwoFactorRoutesOptions) {
  const { db } = ctx.database;
  const { key } = ctx.twoFactor;
  const limits = ctx.config.rateLimits;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(ctx);
  const tags = ['user'];
  const passwordRate = { rateLimit: { max: limits.passwordPerMinute, timeWindow: 60_000 } };
  const userId = (request: FastifyRequest) => sessionOf(request).user.id;
  /** Told after the change committed: sessions and profile read afresh; the notice (lead wires it) follows. */
  const changed = (id: number, change: SecondFactorChange) => {
    ctx.events.accountChanged(id);
    ctx.events.secondFactorChanged(id, change);
  };

  r.post(
    '/login_two_factor',
    {
      config: { rateLimit: { max: limits.loginPerMinute, timeWindow: 60_000 } },
      schema: { tags, body: loginTwoFactorRequestSchema, response: { 200: envelopeSchema(authResponseSchema) } },
    },
    async (request) => {
      const meta = { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 256) ?? null };
      // Issue 14: the login that the code completes goes into the user's login history (and a new device
      // is told); so does a refused code, against the user whose challenge it was.
      const stepUser: LoginStepUser = {};
      const { token, user } = await recordLogin(db, ctx.events, stepUser, meta, () =>
        service.completeLogin(db, key, request.body, meta, stepUser),
      );
      const extras = await facts.profileExtras(db, user.id);
      return ok(request, { token, user: toProfile(user, ctx.config.publicOrigin, extras) });
    },
  );

  r.post(
    '/two_factor/status',
    {
      onRequest: signedIn,
      schema: { tags, body: emptyBodySchema, response: { 200: envelopeSchema(twoFactorStatusSchema) } },
    },
    async (request) => ok(request, await service.status(db, userId(request))),
  );

  r.post(
    '/two_factor/setup',
    {
      onRequest: signedIn,
      config: passwordRate,
      schema: { tags, body: emptyBodySchema, response: { 200: envelopeSchema(twoFactorSetupSchema) } },
    },
    async (request) => ok(request, await service.setup(db, key, sessionOf(request).user)),
  );

  r.post(
    '/two_factor/enable',
    {
      onRequest: signedIn,
      config: passwordRate,
      schema: { tags, body: twoFactorEnableRequestSchema, response: { 200: envelopeSchema(recoveryCodesSchema) } },
    },
    async (request) => {
      const codes = await service.enable(db, key, userId(request), request.body);
      changed(userId(request), 'enabled');
      return ok(request, codes);
    },
  );

  r.post(
    '/two_factor/disable',
    {
      onRequest: signedIn,
      config: passwordRate,
      schema: { tags, body: twoFactorDisableRequestSchema, response: { 200: envelopeSchema(nullSchema) } },
    },
    async (request) => {
      await service.disable(db, key, userId(request), request.body);
      changed(userId(request), 'disabled');
      return ok(request, null);
    },
  );

  r.post(
    '/two_factor/recovery_codes',
    {
      onRequest: signedIn,
      config: passwordRate,
      schema: { tags, body: twoFactorCodeRequestSchema, response: { 200: envelopeSchema(recoveryCodesSchema) } },
    },
    async (request) => {
      const codes = await service.regenerateRecoveryCodes(db, key, userId(request), request.body.code);
      changed(userId(request), 'recovery_codes_regenerated');
      return ok(request, codes);
    },
  );
}
