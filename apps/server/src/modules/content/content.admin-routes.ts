import { envelopeSchema, nullSchema, pageSchema } from '@app/contract/common';
import {
  adminHelpArticleSchema,
  adminNoticeListRequestSchema,
  adminNoticeSchema,
  createHelpArticleRequestSchema,
  createNoticeRequestSchema,
  noticeIdParamsSchema,
  updateHelpArticleRequestSchema,
  updateNoticeRequestSchema,
} from '@app/contract/content';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';
import { adminSessionOf, requireAdmin } from '../admin-auth/admin-auth.guard.js';
import { actorOf } from '../admin-auth/admin-auth.service.js';
import * as help from './help.service.js';
import * as notices from './notices.service.js';

/**
 * Back office of announcements and help articles (DESIGN.md 8: the `content` role, and owners). Every
 * change writes an audit row in its own transaction and tells the app (contentChanged), which clears the public read caches.
 */
export async function contentAdminRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const content = requireAdmin(db, ['content']);
  const tags = ['admin'];
  const actor = (request: FastifyRequest) => actorOf(adminSessionOf(request), request.ip);
  const changed = <T>(value: T): T => {
    ctx.events.contentChanged();
    return value;
  };

  r.get(
    '/notices',
    {
      onRequest: content,
      schema: {
        tags,
        querystring: adminNoticeListRequestSchema,
        response: { 200: envelopeSchema(pageSchema(adminNoticeSchema)) },
      },
    },
    async (request) => ok(request, await notices.listAdminNotices(db, request.query)),
  );

  r.post(
    '/notices',
    {
      onRequest: content,
      schema: { tags, body: createNoticeRequestSchema, response: { 200: envelopeSchema(adminNoticeSchema) } },
    },
    async (request) => ok(request, changed(await notices.createNotice(db, request.body, actor(request)))),
  );

  r.patch(
    '/notices/:id',
    {
      onRequest: content,
      schema: {
        tags,
        params: noticeIdParamsSchema,
        body: updateNoticeRequestSchema,
        response: { 200: envelopeSchema(adminNoticeSchema) },
      },
    },
    async (request) =>
      ok(request, changed(await notices.updateNotice(db, Number(request.params.id), request.body, actor(request)))),
  );

  r.delete(
    '/notices/:id',
    {
      onRequest: content,
      schema: { tags, params: noticeIdParamsSchema, response: { 200: envelopeSchema(nullSchema) } },
    },
    async (request) => {
      await notices.deleteNotice(db, Number(request.params.id), actor(request));
      return ok(request, changed(null));
    },
  );

  r.get(
    '/help-articles',
    {
      onRequest: content,
      schema: { tags, response: { 200: envelopeSchema(z.array(adminHelpArticleSchema)) } },
    },
    async (request) => ok(request, await help.listAdminArticles(db)),
  );

  r.post(
    '/help-articles',
    {
      onRequest: content,
      schema: {
        tags,
        body: createHelpArticleRequestSchema,
        response: { 200: envelopeSchema(adminHelpArticleSchema) },
      },
    },
    async (request) => ok(request, changed(await help.createArticle(db, request.body, actor(request)))),
  );

  r.patch(
    '/help-articles/:id',
    {
      onRequest: content,
      schema: {
        tags,
        params: noticeIdParamsSchema,
        body: updateHelpArticleRequestSchema,
        response: { 200: envelopeSchema(adminHelpArticleSchema) },
      },
    },
    async (request) =>
      ok(request, changed(await help.updateArticle(db, Number(request.params.id), request.body, actor(request)))),
  );
}
