import { envelopeSchema } from '@app/contract/common';
import { bindIdCardFieldsSchema, idCardStatusSchema, KYC_IMAGE_BYTES_MAX } from '@app/contract/kyc';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { readImageForm, uploadRoutes } from '../../lib/uploads.js';
import { requireUser, sessionOf } from '../users/users.guard.js';
import * as service from './kyc.service.js';

const MISSING_IMAGE_KEY = { front: 'id_front_required', back: 'id_back_required' } as const;

/** `/api/user/bind_idcard` and `/api/user/idcard` (DESIGN.md 6.2). */
export async function userKycRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(ctx);

  // Multipart: the body is read by the handler (no body schema), under the plugin's limits, and only
  // after the session check, so nobody uploads anything without an account.
  await uploadRoutes(app, (uploads) => {
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/bind_idcard',
      {
        onRequest: signedIn,
        schema: {
          tags: ['user'],
          consumes: ['multipart/form-data'],
          response: { 200: envelopeSchema(idCardStatusSchema) },
        },
      },
      async (request) => {
        const form = await readImageForm(request, { fileFields: ['front', 'back'], bytesMax: KYC_IMAGE_BYTES_MAX });
        const fieldKeys: Record<string, string> = { ...form.fieldKeys };
        const parsed = bindIdCardFieldsSchema.safeParse(form.fields);
        for (const issue of parsed.error?.issues ?? []) {
          if (issue.code === 'unrecognized_keys') for (const key of issue.keys) fieldKeys[key] ??= 'unknown_field';
          else fieldKeys[String(issue.path[0] ?? '_')] ??= issue.message;
        }
        for (const side of ['front', 'back'] as const) {
          if (!form.files[side]) fieldKeys[side] = MISSING_IMAGE_KEY[side];
        }
        if (!parsed.success || Object.keys(fieldKeys).length > 0)
          throw new AppError('validation_failed', { fieldKeys });
        const images = { front: form.files.front!, back: form.files.back! };
        const status = await service.submitIdCard(
          db,
          ctx.config.dataDir,
          sessionOf(request).user.id,
          parsed.data,
          images,
        );
        ctx.events.accountChanged(sessionOf(request).user.id);
        return ok(request, status);
      },
    );
  });

  r.get(
    '/idcard',
    { onRequest: signedIn, schema: { tags: ['user'], response: { 200: envelopeSchema(idCardStatusSchema) } } },
    async (request) => ok(request, await service.getIdCardStatus(db, sessionOf(request).user.id)),
  );
}
