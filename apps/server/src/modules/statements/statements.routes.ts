import { statementRequestSchema } from '@app/contract/statements';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { requireUser, sessionOf } from '../users/users.guard.js';
import { statementCsv } from './statement-csv.js';
import { statementFonts } from './statement-fonts.js';
import { statementPdf } from './statement-pdf.js';
import { buildStatement, statementFileName, statementRange } from './statements.service.js';

const STATEMENTS_PER_MINUTE = 30;

/**
 * `POST /api/user/statement` `{ kind, format, from, to }`: the signed-in user's statement as a file,
 * in the request's language. Errors are envelopes like every call's (the screen shows their `msg`).
 */
export async function statementRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(ctx);
  // A long PDF costs seconds of CPU: a few a minute from one address are plenty for a person.
  const statementLimit = { rateLimit: { max: STATEMENTS_PER_MINUTE, timeWindow: 60_000 } };

  r.post(
    '/statement',
    { onRequest: signedIn, config: statementLimit, schema: { tags: ['statements'], body: statementRequestSchema } },
    async (request, reply) => {
      const { kind, format } = request.body;
      const { user } = sessionOf(request);
      const now = new Date();
      const timeZone = ctx.config.platformTimeZone;
      const range = statementRange(request.body, timeZone, now);
      // Before any reading: a PDF the machine cannot write in this language is refused at once.
      const fonts = format === 'pdf' ? statementFonts(request.lang) : null;
      const statement = await buildStatement(db, {
        user: { id: user.id, username: user.username },
        kind,
        range,
        lang: request.lang,
        timeZone,
        stream: ctx.config.marketStream,
        now,
      });
      reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${statementFileName(kind, range, format)}"`);
      if (fonts) return reply.type('application/pdf').send(statementPdf(statement, fonts));
      return reply.type('text/csv; charset=utf-8').send(statementCsv(statement));
    },
  );
}
