import {
  adminAuthResponseSchema,
  adminChangePasswordRequestSchema,
  adminCreateRequestSchema,
  adminLoginRequestSchema,
  adminProfileSchema,
  adminUpdateRequestSchema,
  idParamsSchema,
  totpEnableRequestSchema,
  totpSetupResponseSchema,
} from '@app/contract/admin';
import { envelopeSchema, nullSchema } from '@app/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { adminSessionOf, requireAdmin } from './admin-auth.guard.js';
import * as service from './admin-auth.service.js';

const emptyBody = z.strictObject({}).optional();

/** `/api/admin/auth/*` (the operator's own session) and `/api/admin/admins` (owners manage admins). */
export async function adminAuthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anyAdmin = requireAdmin(db);
  const ownerOnly = requireAdmin(db, ['owner']);
  const tags = ['admin'];

  r.post(
    '/auth/login',
    {
      config: { rateLimit: { max: ctx.config.rateLimits.loginPerMinute, timeWindow: 60_000 } },
      schema: { tags, body: adminLoginRequestSchema, response: { 200: envelopeSchema(adminAuthResponseSchema) } },
    },
    async (request) => ok(request, await service.login(db, request.body, request.ip)),
  );

  r.post(
    '/auth/logout',
    { onRequest: anyAdmin, schema: { tags, body: emptyBody, response: { 200: envelopeSchema(nullSchema) } } },
    async (request) => {
      await service.logout(db, adminSessionOf(request), request.ip);
      return ok(request, null);
    },
  );

  r.get(
    '/auth/me',
    { onRequest: anyAdmin, schema: { tags, response: { 200: envelopeSchema(adminProfileSchema) } } },
    async (request) => ok(request, service.toAdminProfile(adminSessionOf(request).admin)),
  );

  r.post(
    '/auth/password',
    {
      onRequest: anyAdmin,
      config: { rateLimit: { max: ctx.config.rateLimits.passwordPerMinute, timeWindow: 60_000 } },
      schema: { tags, body: adminChangePasswordRequestSchema, response: { 200: envelopeSchema(nullSchema) } },
    },
    async (request) => {
      await service.changePassword(db, adminSessionOf(request), request.body, request.ip);
      return ok(request, null);
    },
  );

  r.post(
    '/auth/totp/setup',
    {
      onRequest: anyAdmin,
      schema: { tags, body: emptyBody, response: { 200: envelopeSchema(totpSetupResponseSchema) } },
    },
    async (request) => ok(request, await service.setupTotp(db, adminSessionOf(request))),
  );

  r.post(
    '/auth/totp/enable',
    {
      onRequest: anyAdmin,
      schema: { tags, body: totpEnableRequestSchema, response: { 200: envelopeSchema(nullSchema) } },
    },
    async (request) => {
      await service.enableTotp(db, adminSessionOf(request), request.body.code, request.ip);
      return ok(request, null);
    },
  );

  r.post(
    '/auth/totp/disable',
    {
      onRequest: anyAdmin,
      schema: { tags, body: totpEnableRequestSchema, response: { 200: envelopeSchema(nullSchema) } },
    },
    async (request) => {
      await service.disableTotp(db, adminSessionOf(request), request.body.code, request.ip);
      return ok(request, null);
    },
  );

  r.get(
    '/admins',
    { onRequest: ownerOnly, schema: { tags, response: { 200: envelopeSchema(z.array(adminProfileSchema)) } } },
    async (request) => ok(request, await service.listAdmins(db)),
  );

  r.post(
    '/admins',
    {
      onRequest: ownerOnly,
      schema: { tags, body: adminCreateRequestSchema, response: { 200: envelopeSchema(adminProfileSchema) } },
    },
    async (request) => ok(request, await service.createAdmin(db, adminSessionOf(request), request.body, request.ip)),
  );

  r.patch(
    '/admins/:id',
    {
      onRequest: ownerOnly,
      schema: {
        tags,
        params: idParamsSchema,
        body: adminUpdateRequestSchema,
        response: { 200: envelopeSchema(adminProfileSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await service.updateAdmin(db, adminSessionOf(request), Number(request.params.id), request.body, request.ip),
      ),
  );
}
