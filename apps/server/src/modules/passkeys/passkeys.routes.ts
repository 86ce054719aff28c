import { envelopeSchema, nullSchema } from '@app/contract/common';
import {
  passkeyListSchema,
  passkeyLoginRequestSchema,
  passkeyOptionsSchema,
  passkeyRegisterOptionsRequestSchema,
  passkeyRegisterRequestSchema,
  passkeyRemoveRequestSchema,
  passkeyRenameRequestSchema,
  passkeySchema,
} from '@app/contract/passkeys';
import { authResponseSchema } from '@app/contract/users';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { type LoginStepUser, recordLogin } from '../users/sessions.service.js';
import { requireUser, sessionOf } from '../users/users.guard.js';
import { toProfile, type UserFacts } from '../users/users.service.js';
import * as service from './passkeys.service.js';

const emptyBodySchema = z.strictObject({}).optional();

export interface PasskeyRoutesOptions {
  ctx: AppContext;
  /** The profile's extras from other modules (the login's answer carries the profile), wired by the app. */
  facts: Pick<UserFacts, 'profileExtras'>;
}

/**
 * The relying party of a request: WEBAUTHN_RP_ID / WEBAUTHN_ORIGIN when set, else the app's own
 * PUBLIC_ORIGIN (its host name and origin), and only without either the host the request came to.
 * The Host header is the client's to write: where the public address is configured, it decides.
 */
export function relyingPartyOf(ctx: AppContext, request: FastifyRequest): service.RelyingParty {
  const { webauthn, publicOrigin } = ctx.config;
  const publicUrl = publicOrigin ? new URL(publicOrigin) : undefined;
  return {
    rpId: webauthn.rpId ?? publicUrl?.hostname ?? request.hostname,
    origin: webauthn.origin
      ? new URL(webauthn.origin).origin
      : (publicUrl?.origin ?? `${request.protocol}://${request.host}`),
    rpName: webauthn.rpName,
  };
}

/** `/api/user/passkeys/*` and `/api/user/login_passkey` (issue 14). */
export async function passkeyRoutes(app: FastifyInstance, { ctx, facts }: PasskeyRoutesOptions) {
  const { db } = ctx.database;
  const limits = ctx.config.rateLimits;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(ctx);
  const tags = ['user'];
  const passwordRate = { rateLimit: { max: limits.passwordPerMinute, timeWindow: 60_000 } };
  const loginRate = { rateLimit: { max: limits.loginPerMinute, timeWindow: 60_000 } };
  const userId = (request: FastifyRequest) => sessionOf(request).user.id;
  /** A passkey added or removed is a security notice (the notification centre listens) and the profile changes. */
  const changed = (id: number, change: 'passkey_added' | 'passkey_removed') => {
    ctx.events.accountChanged(id);
    ctx.events.secondFactorChanged(id, change);
  };
  const optionsAnswer = { 200: envelopeSchema(passkeyOptionsSchema) };

  r.post(
    '/passkeys/list',
    {
      onRequest: signedIn,
      schema: { tags, body: emptyBodySchema, response: { 200: envelopeSchema(passkeyListSchema) } },
    },
    async (request) => ok(request, { list: await service.list(db, userId(request)) }),
  );

  r.post(
    '/passkeys/register_options',
    {
      onRequest: signedIn,
      config: passwordRate,
      schema: { tags, body: passkeyRegisterOptionsRequestSchema, response: optionsAnswer },
    },
    async (request) =>
      ok(
        request,
        await service.registerOptions(db, relyingPartyOf(ctx, request), sessionOf(request).user, request.body.password),
      ),
  );

  r.post(
    '/passkeys/register',
    {
      onRequest: signedIn,
      config: passwordRate,
      schema: { tags, body: passkeyRegisterRequestSchema, response: { 200: envelopeSchema(passkeySchema) } },
    },
    async (request) => {
      const passkey = await service.register(db, userId(request), request.body);
      changed(userId(request), 'passkey_added');
      return ok(request, passkey);
    },
  );

  r.post(
    '/passkeys/rename',
    {
      onRequest: signedIn,
      schema: { tags, body: passkeyRenameRequestSchema, response: { 200: envelopeSchema(nullSchema) } },
    },
    async (request) => {
      await service.rename(db, userId(request), request.body.id, request.body.name);
      return ok(request, null);
    },
  );

  r.post(
    '/passkeys/remove',
    {
      onRequest: signedIn,
      config: passwordRate,
      schema: { tags, body: passkeyRemoveRequestSchema, response: { 200: envelopeSchema(nullSchema) } },
    },
    async (request) => {
      const { id, password, twoFactorCode } = request.body;
      const user = userId(request);
      await service.remove(db, user, id, password, (tx) => ctx.twoFactor.checkMoneyMove(tx, user, twoFactorCode));
      changed(userId(request), 'passkey_removed');
      return ok(request, null);
    },
  );

  r.post(
    '/passkeys/money_move_options',
    { onRequest: signedIn, config: passwordRate, schema: { tags, body: emptyBodySchema, response: optionsAnswer } },
    async (request) => ok(request, await service.moneyMoveOptions(db, relyingPartyOf(ctx, request), userId(request))),
  );

  r.post(
    '/passkeys/login_options',
    { config: loginRate, schema: { tags, body: emptyBodySchema, response: optionsAnswer } },
    async (request) => ok(request, await service.loginOptions(db, relyingPartyOf(ctx, request))),
  );

  r.post(
    '/login_passkey',
    {
      config: loginRate,
      schema: { tags, body: passkeyLoginRequestSchema, response: { 200: envelopeSchema(authResponseSchema) } },
    },
    async (request) => {
      const meta = { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 256) ?? null };
      // Into the login history like every login (and a new device is told); a refused answer too,
      // against the owner of the passkey it names.
      const stepUser: LoginStepUser = {};
      const { token, user } = await recordLogin(db, ctx.events, stepUser, meta, () =>
        service.completeLogin(db, request.body.response, meta, stepUser),
      );
      const extras = await facts.profileExtras(db, user.id);
      return ok(request, { token, user: toProfile(user, ctx.config.publicOrigin, extras) });
    },
  );
}
