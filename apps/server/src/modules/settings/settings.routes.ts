import { envelopeSchema, type PublicConfig, publicConfigSchema } from '@app/contract/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';

/** `common/config`: the public config, cheap to ask for before every route change (DESIGN.md 7). */
export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    tags: ['common'],
    response: { 200: envelopeSchema(publicConfigSchema), 304: z.null() },
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { body, etag } = await ctx.settings.publicConfig();
    // The body differs by language only in `msg`, so the tag carries the language too.
    const tag = `${etag.slice(0, -1)}-${request.lang}"`;
    reply.header('etag', tag).header('cache-control', 'no-cache').header('vary', 'Accept-Language');
    if (request.headers['if-none-match'] === tag) return reply.status(304).send(null);
    // Asked before every route change: the envelope is serialised once per settings version and language.
    return reply.type('application/json; charset=utf-8').send(serialised(body, request));
  };
  const serialisedCache = new WeakMap<PublicConfig, Map<string, string>>();
  const serialised = (body: PublicConfig, request: FastifyRequest) => {
    let byLang = serialisedCache.get(body);
    if (!byLang) {
      byLang = new Map();
      serialisedCache.set(body, byLang);
    }
    let text = byLang.get(request.lang);
    if (text === undefined) {
      text = JSON.stringify(ok(request, body));
      byLang.set(request.lang, text);
    }
    return text;
  };

  // About 450 bytes, asked before every route change: never worth compressing, so not even checked.
  r.post('/config', { compress: false, schema: { ...schema, body: z.strictObject({}).optional() } }, handler);
  r.get('/config', { compress: false, schema }, handler);
}
