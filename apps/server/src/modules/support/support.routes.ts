import { emptySchema, envelopeSchema, nullSchema } from '@app/contract/common';
import {
  SUPPORT_IMAGE_BYTES_MAX,
  supportConversationSchema,
  supportMessageSchema,
  supportMessagesPageSchema,
  supportMessagesRequestSchema,
  supportReadRequestSchema,
  supportSendRequestSchema,
  supportUnreadSchema,
} from '@app/contract/support';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { readImageForm, uploadRoutes } from '../../lib/uploads.js';
import { requireSupportCaller, supportCallerOf } from './support.guard.js';
import * as service from './support.service.js';

export const imageNameParamsSchema = z.strictObject({
  name: z.string().regex(/^[0-9a-f]{32}\.(jpg|png|webp)$/, 'invalid'),
});

/** Sends a stored chat image: private, never cached, typed by its sniffed content. */
export function sendImage(reply: FastifyReply, image: { bytes: Buffer; contentType: string }) {
  return reply
    .header('content-type', image.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(image.bytes);
}

/** `/api/support/*`: the user's (or visitor's) own conversation, and nothing else (DESIGN.md 6.7). */
export async function supportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = requireSupportCaller(ctx);
  const tags = ['support'];
  const messageLimit = { rateLimit: { max: ctx.config.rateLimits.supportMessagesPerMinute, timeWindow: 60_000 } };
  // Reads are cheap and come in bursts (opening the chat, scrolling back): a looser limit.
  const readLimit = { rateLimit: { max: ctx.config.rateLimits.supportMessagesPerMinute * 4, timeWindow: 60_000 } };
  const open = async (request: FastifyRequest) => {
    const { owner, visitorHash } = supportCallerOf(request);
    return service.openConversation(db, owner, visitorHash ?? undefined);
  };

  r.post(
    '/conversation',
    {
      onRequest: caller,
      config: readLimit,
      schema: { tags, body: emptySchema.optional(), response: { 200: envelopeSchema(supportConversationSchema) } },
    },
    async (request) => {
      const conversation = await open(request);
      const settings = await ctx.settings.get();
      return ok(request, await service.getConversationView(db, conversation, settings.supportHours));
    },
  );

  r.post(
    '/messages',
    {
      onRequest: caller,
      config: readLimit,
      schema: {
        tags,
        body: supportMessagesRequestSchema,
        response: { 200: envelopeSchema(supportMessagesPageSchema) },
      },
    },
    async (request) => {
      const conversation = await service.findConversation(db, supportCallerOf(request).owner);
      if (!conversation) return ok(request, { messages: [], hasMore: false });
      const { beforeId, limit } = request.body;
      const options = { limit, ...(beforeId === undefined ? {} : { beforeId: Number(beforeId) }) };
      return ok(request, await service.getMessagesPage(db, conversation.id, options, 'user'));
    },
  );

  r.post(
    '/send',
    {
      onRequest: caller,
      config: messageLimit,
      schema: { tags, body: supportSendRequestSchema, response: { 200: envelopeSchema(supportMessageSchema) } },
    },
    async (request) => {
      const conversation = await open(request);
      const sent = await service.sendMessage(
        db,
        ctx.realtime,
        ctx.config.dataDir,
        conversation.id,
        { kind: 'user' },
        {
          text: request.body.text,
        },
      );
      return ok(request, sent);
    },
  );

  // Multipart, read after the caller check; the single file field is `image`.
  await uploadRoutes(app, (uploads) => {
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/upload',
      {
        onRequest: caller,
        config: messageLimit,
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: envelopeSchema(supportMessageSchema) } },
      },
      async (request) => {
        const form = await readImageForm(request, { fileFields: ['image'], bytesMax: SUPPORT_IMAGE_BYTES_MAX });
        const fieldKeys: Record<string, string> = { ...form.fieldKeys };
        for (const name of Object.keys(form.fields)) fieldKeys[name] ??= 'unknown_field';
        if (Object.keys(fieldKeys).length > 0) throw new AppError('validation_failed', { fieldKeys });
        const image = form.files.image;
        if (!image) throw new AppError('upload_missing');
        const conversation = await open(request);
        return ok(
          request,
          await service.sendMessage(db, ctx.realtime, ctx.config.dataDir, conversation.id, { kind: 'user' }, { image }),
        );
      },
    );
  });

  r.post(
    '/read',
    {
      onRequest: caller,
      config: readLimit,
      schema: { tags, body: supportReadRequestSchema, response: { 200: envelopeSchema(nullSchema) } },
    },
    async (request) => {
      const conversation = await service.findConversation(db, supportCallerOf(request).owner);
      if (conversation) await service.markRead(db, ctx.realtime, conversation.id, 'user', Number(request.body.lastId));
      return ok(request, null);
    },
  );

  r.post(
    '/unread',
    {
      onRequest: caller,
      config: readLimit,
      schema: { tags, body: emptySchema.optional(), response: { 200: envelopeSchema(supportUnreadSchema) } },
    },
    async (request) => {
      const conversation = await service.findConversation(db, supportCallerOf(request).owner);
      return ok(request, { unread: conversation?.unreadForUser ?? 0 });
    },
  );

  r.get(
    '/image/:name',
    { onRequest: caller, config: readLimit, schema: { tags, params: imageNameParamsSchema } },
    async (request, reply) => {
      const conversation = await service.findConversation(db, supportCallerOf(request).owner);
      if (!conversation) throw new AppError('support_image_not_found');
      return sendImage(
        reply,
        await service.readConversationImage(db, ctx.config.dataDir, conversation.id, request.params.name),
      );
    },
  );
}
