import { idParamsSchema, reasonRequestSchema } from '@app/contract/admin';
import { emptySchema, envelopeSchema, pageSchema } from '@app/contract/common';
import { adminKycSubmissionSchema, kycListRequestSchema } from '@app/contract/kyc';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { adminSessionOf, requireAdmin } from '../admin-auth/admin-auth.guard.js';
import { actorOf } from '../admin-auth/admin-auth.service.js';
import * as service from './kyc.service.js';

const imageParamsSchema = idParamsSchema.extend({ side: z.enum(['front', 'back'], { error: 'invalid' }) });

const EXTENSION_OF = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** `/api/admin/kyc`: the review queue with its images; reviewers (and owners) only, decisions audited. */
export async function adminKycRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reviewers = requireAdmin(db, ['reviewer']);
  const tags = ['admin'];
  const submissionResponse = { 200: envelopeSchema(adminKycSubmissionSchema) };
  const actor = (request: FastifyRequest) => actorOf(adminSessionOf(request), request.ip);
  // Issue 14: the user is told of the decision (after commit; the same decision told twice is one notice).
  const noticeDecision = (submission: { id: string; userId: string; status: string }) =>
    ctx.events.userNotice({
      userId: Number(submission.userId),
      kind: 'kyc_decided',
      params: { status: submission.status },
      key: `kyc:${submission.id}:${submission.status}`,
    });

  r.get(
    '/kyc',
    {
      onRequest: reviewers,
      schema: {
        tags,
        querystring: kycListRequestSchema,
        response: { 200: envelopeSchema(pageSchema(adminKycSubmissionSchema)) },
      },
    },
    async (request) => ok(request, await service.listSubmissions(db, request.query)),
  );

  r.get(
    '/kyc/:id',
    { onRequest: reviewers, schema: { tags, params: idParamsSchema, response: submissionResponse } },
    async (request) => ok(request, await service.getSubmission(db, Number(request.params.id))),
  );

  // The ID images, only through this call: private, never cached, typed by their sniffed content.
  r.get(
    '/kyc/:id/images/:side',
    { onRequest: reviewers, schema: { tags, params: imageParamsSchema } },
    async (request, reply) => {
      const { id, side } = request.params;
      const image = await service.readSubmissionImage(db, ctx.config.dataDir, Number(id), side);
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', `inline; filename="kyc-${id}-${side}.${EXTENSION_OF[image.contentType]}"`)
        .send(image.bytes);
    },
  );

  r.post(
    '/kyc/:id/approve',
    {
      onRequest: reviewers,
      schema: { tags, params: idParamsSchema, body: emptySchema.optional(), response: submissionResponse },
    },
    async (request) => {
      const submission = await service.approveSubmission(db, Number(request.params.id), actor(request));
      ctx.events.accountChanged(Number(submission.userId));
      noticeDecision(submission);
      return ok(request, submission);
    },
  );

  r.post(
    '/kyc/:id/reject',
    {
      onRequest: reviewers,
      schema: { tags, params: idParamsSchema, body: reasonRequestSchema, response: submissionResponse },
    },
    async (request) => {
      const submission = await service.rejectSubmission(
        db,
        Number(request.params.id),
        request.body.reason,
        actor(request),
      );
      ctx.events.accountChanged(Number(submission.userId));
      noticeDecision(submission);
      return ok(request, submission);
    },
  );
}
