import { envelopeSchema, healthSchema } from '@app/contract/common';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ok } from '../../http/envelope.js';

/** `GET /api/health`: answers only when the database answers, for load balancers. */
export async function healthRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/health',
      { schema: { tags: ['common'], response: { 200: envelopeSchema(healthSchema) } } },
      async (request) => {
        await ctx.database.db.execute(sql`select 1`);
        return ok(request, {
          status: 'ok' as const,
          database: ctx.database.kind,
          role: ctx.config.role,
          uptimeSeconds: Math.round(process.uptime()),
        });
      },
    );
}
