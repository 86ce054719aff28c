import { ERRORS, type ErrorName } from '@app/contract/errors';
import type { Lang } from '@app/contract/lang';
import { errorMessage, fieldMessage } from '@app/contract/messages';
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
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      if (error.replayed) reply.header('idempotent-replayed', 'true');
      const data = localizeData(error.data, request.lang as Lang);
      return send(reply, request, error.errorName, data, singleFieldMessage(data));
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
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, 'internal_error', { requestId: request.id });
  });
}

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
