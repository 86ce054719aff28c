import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../http/app-error.js';
import type { IdempotencyClaim, IdempotentResult } from './run-idempotent.js';

/**
 * `Idempotency-Key` for the calls that move money (DESIGN.md 4): routes opt in with
 * `config: { idempotent: true }`. This plugin only reads the header, checks it and hashes the
 * request into a claim (`claimOf`); the service runs its work through `runIdempotent` with it,
 * which claims the key, moves the money and stores the answer in one transaction.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: IdempotencyClaim | null;
  }
}

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** The value to answer with; a replayed one says so in the `idempotent-replayed` header. */
export function replyValue<T>(reply: FastifyReply, result: IdempotentResult<T>): T {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return result.value;
}

/** The request's claim when the client sent an Idempotency-Key (on a route that opted in), else null. */
export function claimOf(request: FastifyRequest): IdempotencyClaim | null {
  return request.idempotency;
}

function hashRequest(request: FastifyRequest): string {
  const isMultipart = (request.headers['content-type'] ?? '').startsWith('multipart/');
  // A multipart body is read by the handler, so its hash covers the route and length only.
  const body = isMultipart
    ? `multipart:${request.headers['content-length'] ?? ''}`
    : JSON.stringify(withoutClientToken(request.body ?? null));
  return createHash('sha256').update(`${request.method} ${request.routeOptions.url} ${body}`).digest('hex');
}

/**
 * The specification's client may copy its token into the body (`Authorization`, `token`, blanked or
 * not); it is no part of what was asked, so a replay is the same request with or without it.
 */
function withoutClientToken(body: unknown): unknown {
  if (!body || typeof body !== 'object' || !('Authorization' in body || 'token' in body)) return body;
  const { Authorization: _header, token: _token, ...rest } = body as Record<string, unknown>;
  return rest;
}

export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('idempotency', null);

  const readClaim = async (request: FastifyRequest) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new AppError('validation_failed', { fieldKeys: { 'Idempotency-Key': 'invalid' } });
    }
    const userId = request.session?.user.id;
    if (userId === undefined) return;
    request.idempotency = { userId, key: header, requestHash: hashRequest(request) };
  };

  // Only the routes that opt in get the hook: every other call pays nothing for this.
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.preHandler = [...asArray(route.preHandler), readClaim];
  });
});

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
