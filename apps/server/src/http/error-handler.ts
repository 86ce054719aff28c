import { ERRORS, type ErrorName } from '@app/contract/errors';
import type { Lang } from '@app/contract/lang';
import { errorMessage, fieldMessage } from '@app/contract/messages';
import { describeOwnLimitRefusal } from '@app/contract/responsible-trading';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors.js';
import { isAppError } from './app-error.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/**
 * One place turns every failure into the envelope: expected errors keep their code; validation
 * errors name each field; anything unexpected is a 500 that says nothing but the request id.
 */
export function registerErrorHandling(app: FastifyInstance, options: { timeZone?: string } = {}): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      if (error.replayed) reply.header('idempotent-replayed', 'true');
      const data = localizeData(error.data, request.lang as Lang);
      return send(
        reply,
        request,
        error.errorName,
        data,
        singleFieldMessage(data) ??
          ownLimitMessage(error.errorName, data, request.lang as Lang, options.timeZone) ??
          untilMessage(error.errorName, data, request.lang as Lang),
      );
    }
    if (Array.isArray(error.validation)) {
      const fields = fieldErrors(error.validation as ValidationIssue[], request.lang as Lang);
      return send(reply, request, 'validation_failed', { fields }, singleFieldMessage({ fields }));
    }
    const mapped = mapFrameworkError(error);
    if (mapped) return send(reply, request, mapped, null);
    // The database restarting or unreachable: a retryable 503 (load balancers and clients retry it),
    // not a 500, and one warning line rather than a stack per request.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ code: (error as { code?: unknown }).code }, 'database unavailable');
      return send(reply.header('retry-after', '2'), request, 'service_unavailable', { requestId: request.id });
    }
    // The client went away while its answer was being written (a compressed or streamed one): there
    // is no one to answer and nothing went wrong on our side.
    if (reply.raw.destroyed || request.raw.socket?.destroyed) {
      request.log.debug({ code: error.code }, 'client went away before the answer was written');
      return reply;
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, 'internal_error', { requestId: request.id });
  });
}

/** A refusal by the user's own limits names the limit and when it resets in `msg` too (issue 14). */
function ownLimitMessage(name: ErrorName, data: unknown, lang: Lang, timeZone = 'UTC'): string | undefined {
  if (!OWN_LIMIT_ERRORS.has(name)) return undefined;
  return describeOwnLimitRefusal(errorMessage(name, lang), data, lang, timeZone);
}
const OWN_LIMIT_ERRORS: ReadonlySet<ErrorName> = new Set([
  'self_excluded',
  'self_limit_order_stake',
  'self_limit_stake',
  'self_limit_loss',
  'self_limit_deposit',
]);

/** `msg` defaults to the error's message; a single bad field lends it its own (see singleFieldMessage). */
export function send(reply: FastifyReply, request: FastifyRequest, name: ErrorName, data: unknown, msg?: string) {
  const { code, status } = ERRORS[name];
  return reply.status(status).send({ code, msg: msg ?? errorMessage(name, request.lang as Lang), data });
}

/**
 * A client that shows only `msg` (the specification's does) must show the field's own words, e.g.
 * 'Incorrect Amount', when exactly one field is wrong; with several, the general message stays.
 */
function singleFieldMessage(data: unknown): string | undefined {
  if (!data || typeof data !== 'object' || !('fields' in data)) return undefined;
  const messages = Object.values((data as { fields: Record<string, string> }).fields);
  return messages.length === 1 ? messages[0] : undefined;
}

/**
 * A message that says when something becomes possible (`{until}`) gets the time from `data.until`, in
 * UTC (the server does not know the reader's zone; the apps show the local time from `data`).
 */
function untilMessage(name: ErrorName, data: unknown, lang: Lang): string | undefined {
  if (!data || typeof data !== 'object' || !('until' in data) || typeof data.until !== 'string') return undefined;
  const until = new Date(data.until);
  if (Number.isNaN(until.getTime())) return undefined;
  const text = `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return errorMessage(name, lang).replace('{until}', text);
}

function mapFrameworkError(error: FastifyError): ErrorName | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body_too_large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported_media_type';
    case 'FST_ERR_RATE_LIMITED':
      return 'rate_limited';
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return 'rate_limited';
  if (status === 404) return 'not_found';
  if (status === 413) return 'body_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status >= 400 && status < 500) return 'malformed_body';
  return null;
}

function fieldErrors(issues: ValidationIssue[], lang: Lang): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const base = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const key of issue.params.keys as string[]) {
        fields[base ? `${base}.${key}` : key] ??= fieldMessage('unknown_field', lang);
      }
      continue;
    }
    const name = base || '_';
    fields[name] ??= fieldMessage(issue.message ?? 'invalid', lang);
  }
  return fields;
}

/** Services name fields by message key (`fieldKeys`); the client gets them in its language (`fields`). */
function localizeData(data: unknown, lang: Lang): unknown {
  if (!data || typeof data !== 'object' || !('fieldKeys' in data)) return data;
  const { fieldKeys, ...rest } = data as { fieldKeys: Record<string, string> };
  const fields = Object.fromEntries(Object.entries(fieldKeys).map(([f, key]) => [f, fieldMessage(key, lang)]));
  return { ...rest, fields };
}
