import { envelopeSchema, pageSchema } from '@app/contract/common';
import {
  helpArticleRequestSchema,
  helpArticleSchema,
  helpArticleSummarySchema,
  noticeIdParamsSchema,
  noticeListRequestSchema,
  noticeSchema,
  noticeSummarySchema,
} from '@app/contract/content';
import type { Lang } from '@app/contract/lang';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import * as help from './help.service.js';
import * as notices from './notices.service.js';
import { publicReadCacheFor, sendCached } from './public-read-cache.js';

/** `GET /api/common/notice` (the spec's path) and one announcement: public, in the request language. */
export async function noticeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = publicReadCacheFor(app, ctx.events);
  const tags = ['common'];

  r.get(
    '/notice',
    {
      schema: {
        tags,
        querystring: noticeListRequestSchema,
        response: { 200: envelopeSchema(pageSchema(noticeSummarySchema)), 304: z.null() },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      return sendCached(request, reply, cache, `notices:${page}:${pageSize}`, () =>
        notices.listPublishedNotices(db, request.lang as Lang, { page, pageSize }),
      );
    },
  );

  r.get(
    '/notice/:id',
    {
      schema: {
        tags,
        params: noticeIdParamsSchema,
        response: { 200: envelopeSchema(noticeSchema), 304: z.null() },
      },
    },
    async (request, reply) => {
      const id = Number(request.params.id);
      return sendCached(request, reply, cache, `notice:${id}`, () =>
        notices.getPublishedNotice(db, id, request.lang as Lang),
      );
    },
  );
}

/** `/api/help/articles` and `/api/help/article?slug=`: the help centre, public. */
export async function helpRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = publicReadCacheFor(app, ctx.events);
  const tags = ['help'];

  r.get(
    '/articles',
    { schema: { tags, response: { 200: envelopeSchema(z.array(helpArticleSummarySchema)), 304: z.null() } } },
    async (request, reply) =>
      sendCached(request, reply, cache, 'help:list', () => help.listPublishedArticles(db, request.lang as Lang)),
  );

  r.get(
    '/article',
    {
      schema: {
        tags,
        querystring: helpArticleRequestSchema,
        response: { 200: envelopeSchema(helpArticleSchema), 304: z.null() },
      },
    },
    async (request, reply) => {
      const { slug } = request.query;
      return sendCached(request, reply, cache, `help:${slug}`, async () => {
        const values = help.placeholderValues(await ctx.settings.get(), ctx.config.platformTimeZone);
        return help.getPublishedArticle(db, slug, request.lang as Lang, values);
      });
    },
  );
}
