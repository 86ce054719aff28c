import { idParamsSchema } from '@app/contract/admin';
import { emptySchema, envelopeSchema, nullSchema, pageSchema } from '@app/contract/common';
import {
  adminSupportAssignRequestSchema,
  adminSupportConversationDetailSchema,
  adminSupportConversationSchema,
  adminSupportListRequestSchema,
  adminSupportUnreadSchema,
  quickReplyRequestSchema,
  quickReplySchema,
  SUPPORT_IMAGE_BYTES_MAX,
  supportAgentSchema,
  supportMessageSchema,
  supportMessagesPageSchema,
  supportMessagesRequestSchema,
  supportReadRequestSchema,
  supportSendRequestSchema,
} from '@app/contract/support';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/envelope.js';
import { readImageForm, uploadRoutes } from '../../lib/uploads.js';
import { adminSessionOf, requireAdmin } from '../admin-auth/admin-auth.guard.js';
import { actorOf } from '../admin-auth/admin-auth.service.js';
import { imageNameParamsSchema, sendImage } from './support.routes.js';
import * as service from './support.service.js';

/** `/api/admin/support/*`: the inbox; owners and support operators only; assignment and closing audited. */
export async function supportAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agents = requireAdmin(db, ['support']);
  const tags = ['admin'];
  const actor = (request: FastifyRequest) => actorOf(adminSessionOf(request), request.ip);
  const adminId = (request: FastifyRequest) => adminSessionOf(request).admin.id;
  const id = (request: { params: { id: string } }) => Number(request.params.id);
  const detail = { 200: envelopeSchema(adminSupportConversationDetailSchema) };

  r.get(
    '/support/conversations',
    {
      onRequest: agents,
      schema: {
        tags,
        querystring: adminSupportListRequestSchema,
        response: { 200: envelopeSchema(pageSchema(adminSupportConversationSchema)) },
      },
    },
    async (request) => ok(request, await service.listInbox(db, request.query, adminId(request))),
  );

  r.get(
    '/support/unread',
    { onRequest: agents, schema: { tags, response: { 200: envelopeSchema(adminSupportUnreadSchema) } } },
    async (request) => ok(request, { unreadTotal: await service.unreadTotalForAdmins(db) }),
  );

  r.get(
    '/support/conversations/:id',
    { onRequest: agents, schema: { tags, params: idParamsSchema, response: detail } },
    async (request) => ok(request, await service.getAdminConversation(db, id(request))),
  );

  r.post(
    '/support/conversations/:id/messages',
    {
      onRequest: agents,
      schema: {
        tags,
        params: idParamsSchema,
        body: supportMessagesRequestSchema,
        response: { 200: envelopeSchema(supportMessagesPageSchema) },
      },
    },
    async (request) => {
      const conversation = await service.requireConversation(db, id(request));
      const { beforeId, limit } = request.body;
      const options = { limit, ...(beforeId === undefined ? {} : { beforeId: Number(beforeId) }) };
      return ok(request, await service.getMessagesPage(db, conversation.id, options, 'admin'));
    },
  );

  r.post(
    '/support/conversations/:id/send',
    {
      onRequest: agents,
      schema: {
        tags,
        params: idParamsSchema,
        body: supportSendRequestSchema,
        response: { 200: envelopeSchema(supportMessageSchema) },
      },
    },
    async (request) => {
      const conversation = await service.requireConversation(db, id(request));
      const sender = { kind: 'admin' as const, adminId: adminId(request), actor: actor(request) };
      return ok(
        request,
        await service.sendMessage(db, ctx.realtime, ctx.config.dataDir, conversation.id, sender, {
          text: request.body.text,
        }),
      );
    },
  );

  await uploadRoutes(app, (uploads) => {
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/support/conversations/:id/upload',
      {
        onRequest: agents,
        schema: {
          tags,
          params: idParamsSchema,
          consumes: ['multipart/form-data'],
          response: { 200: envelopeSchema(supportMessageSchema) },
        },
      },
      async (request) => {
        const conversation = await service.requireConversation(db, id(request));
        const form = await readImageForm(request, { fileFields: ['image'], bytesMax: SUPPORT_IMAGE_BYTES_MAX });
        const fieldKeys: Record<string, string> = { ...form.fieldKeys };
        for (const name of Object.keys(form.fields)) fieldKeys[name] ??= 'unknown_field';
        if (Object.keys(fieldKeys).length > 0) throw new AppError('validation_failed', { fieldKeys });
        const image = form.files.image;
        if (!image) throw new AppError('upload_missing');
        const sender = { kind: 'admin' as const, adminId: adminId(request), actor: actor(request) };
        return ok(
          request,
          await service.sendMessage(db, ctx.realtime, ctx.config.dataDir, conversation.id, sender, { image }),
        );
      },
    );
  });

  r.post(
    '/support/conversations/:id/read',
    {
      onRequest: agents,
      schema: {
        tags,
        params: idParamsSchema,
        body: supportReadRequestSchema,
        response: { 200: envelopeSchema(nullSchema) },
      },
    },
    async (request) => {
      const conversation = await service.requireConversation(db, id(request));
      await service.markRead(db, ctx.realtime, conversation.id, 'admin', Number(request.body.lastId));
      return ok(request, null);
    },
  );

  r.post(
    '/support/conversations/:id/assign',
    {
      onRequest: agents,
      schema: { tags, params: idParamsSchema, body: adminSupportAssignRequestSchema, response: detail },
    },
    async (request) => {
      const target = request.body.adminId === undefined ? adminId(request) : request.body.adminId;
      const assignee = target === null ? null : Number(target);
      return ok(request, await service.assignConversation(db, ctx.realtime, id(request), assignee, actor(request)));
    },
  );

  r.post(
    '/support/conversations/:id/close',
    {
      onRequest: agents,
      schema: { tags, params: idParamsSchema, body: emptySchema.optional(), response: detail },
    },
    async (request) => ok(request, await service.closeConversation(db, ctx.realtime, id(request), actor(request))),
  );

  r.get(
    '/support/image/:name',
    { onRequest: agents, schema: { tags, params: imageNameParamsSchema } },
    async (request, reply) => {
      const conversationId = await service.imageConversationId(db, request.params.name);
      return sendImage(
        reply,
        await service.readConversationImage(db, ctx.config.dataDir, conversationId, request.params.name),
      );
    },
  );

  r.get(
    '/support/agents',
    { onRequest: agents, schema: { tags, response: { 200: envelopeSchema(z.array(supportAgentSchema)) } } },
    async (request) => ok(request, await service.listAgents(db)),
  );

  r.get(
    '/support/quick-replies',
    { onRequest: agents, schema: { tags, response: { 200: envelopeSchema(z.array(quickReplySchema)) } } },
    async (request) => ok(request, await service.listQuickReplies(db)),
  );

  r.post(
    '/support/quick-replies',
    {
      onRequest: agents,
      schema: { tags, body: quickReplyRequestSchema, response: { 200: envelopeSchema(quickReplySchema) } },
    },
    async (request) => ok(request, await service.addQuickReply(db, request.body.text, actor(request))),
  );

  r.post(
    '/support/quick-replies/:id/delete',
    {
      onRequest: agents,
      schema: {
        tags,
        params: idParamsSchema,
        body: emptySchema.optional(),
        response: { 200: envelopeSchema(nullSchema) },
      },
    },
    async (request) => {
      await service.removeQuickReply(db, id(request), actor(request));
      return ok(request, null);
    },
  );
}
