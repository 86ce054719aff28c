import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { idempotencyKeys } from './idempotency.tables.js';

/**
 * `Idempotency-Key` for the calls that move money (DESIGN.md 4): routes opt in with
 * `config: { idempotent: true }`. The first request with a key runs and its answer is stored for
 * 24 hours; a replay gets that answer; a copy that arrives while the first still runs waits for it;
 * the same key with another request is refused. Services also keep the key on the rows they
 * create (`requestKeyOf`), so even a crash between the money and the stored answer cannot pay twice.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * true: this plugin claims the key and stores the answer. 'in-service': the service keeps the key
     * on the row it creates, under a lock, and looks up stored answers itself in the same statement
     * (order/create: one round trip instead of three); this plugin checks the header, hashes the
     * request, and stores refusals, the only answers without a row of their own.
     */
    idempotent?: boolean | 'in-service';
  }
  interface FastifyRequest {
    idempotency: { userId: number; key: string; requestHash?: string; inService?: boolean } | null;
  }
}

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
const RETENTION_MS = 24 * 3_600_000;
/** A claim this old with no answer belongs to a process that died; the business keys make a rerun safe. */
const STALE_CLAIM_MS = 60_000;
const WAIT_STEP_MS = 100;
const WAIT_MAX_MS = 5_000;

/** The key a service stores on the rows it creates: the client's key, or a fresh one. */
export function requestKeyOf(request: FastifyRequest): string {
  return request.idempotency?.key ?? (request.headers['idempotency-key'] as string | undefined) ?? randomUUID();
}

/** For an 'in-service' route: the key to keep on the row, and the request's hash when the client sent a key. */
export function serviceKeyOf(request: FastifyRequest): { requestKey: string; requestHash: string | null } {
  const claim = request.idempotency;
  return claim?.inService
    ? { requestKey: claim.key, requestHash: claim.requestHash ?? null }
    : { requestKey: randomUUID(), requestHash: null };
}

/** An 'in-service' route answering with a stored answer: that answer is not stored again. */
export function markReplayed(request: FastifyRequest): void {
  request.idempotency = null;
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

export const idempotencyPlugin = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  app.decorateRequest('idempotency', null);

  const validHeader = (request: FastifyRequest): string | undefined => {
    const header = request.headers['idempotency-key'];
    if (header === undefined) return undefined;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new AppError('validation_failed', { fieldKeys: { 'Idempotency-Key': 'invalid' } });
    }
    return header;
  };

  const keyForService = async (request: FastifyRequest) => {
    const header = validHeader(request);
    const userId = request.session?.user.id;
    if (header === undefined || userId === undefined) return;
    request.idempotency = { userId, key: header, requestHash: hashRequest(request), inService: true };
  };

  /** A refusal has no row of its own: kept here, so a replay gets it (a 409 is about the key, not an answer). */
  const storeRefusal = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotency;
    if (!claim?.inService || reply.statusCode < 400 || reply.statusCode >= 500 || reply.statusCode === 409) {
      return payload;
    }
    await db
      .insert(idempotencyKeys)
      .values({
        userId: claim.userId,
        key: claim.key,
        requestHash: claim.requestHash ?? '',
        status: 'done',
        responseStatus: reply.statusCode,
        responseBody: String(payload ?? ''),
      })
      .onConflictDoNothing();
    return payload;
  };

  const claimOrReplay = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = validHeader(request);
    if (header === undefined) return;
    const userId = request.session?.user.id;
    if (userId === undefined) return;
    const requestHash = hashRequest(request);
    const deadline = Date.now() + WAIT_MAX_MS;
    for (;;) {
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ userId, key: header, requestHash, status: 'in_progress' })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length > 0) {
        request.idempotency = { userId, key: header };
        return;
      }
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, header)));
      if (!row) continue;
      const ageMs = Date.now() - row.createdAt.getTime();
      const isExpired = ageMs > RETENTION_MS || (row.status === 'in_progress' && ageMs > STALE_CLAIM_MS);
      if (isExpired) {
        await db
          .delete(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.userId, userId),
              eq(idempotencyKeys.key, header),
              eq(idempotencyKeys.createdAt, row.createdAt),
            ),
          );
        continue;
      }
      if (row.requestHash !== requestHash) throw new AppError('idempotency_key_reused_with_other_body');
      if (row.status === 'done') {
        return reply
          .status(row.responseStatus ?? 200)
          .header('idempotent-replayed', 'true')
          .type('application/json; charset=utf-8')
          .send(row.responseBody ?? '');
      }
      if (Date.now() > deadline) throw new AppError('idempotency_request_in_progress');
      await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
    }
  };

  const storeAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
    if (reply.statusCode >= 500) {
      // Nothing trustworthy to replay: let the client try again with the same key.
      await db.delete(idempotencyKeys).where(where);
    } else {
      await db
        .update(idempotencyKeys)
        .set({ status: 'done', responseStatus: reply.statusCode, responseBody: String(payload ?? '') })
        .where(where);
    }
    return payload;
  };

  // Only the routes that opt in get the hooks: every other call pays nothing for this.
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    if (route.config.idempotent === 'in-service') {
      route.preHandler = [...asArray(route.preHandler), keyForService];
      route.onSend = [...asArray(route.onSend), storeRefusal];
      return;
    }
    route.preHandler = [...asArray(route.preHandler), claimOrReplay];
    route.onSend = [...asArray(route.onSend), storeAnswer];
  });
});

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The answer stored under a user’s key in the last 24 hours, or null (a claim still running has no status). */
export async function storedAnswer(
  db: Db,
  userId: number,
  key: string,
): Promise<{ requestHash: string; status: number | null; body: string } | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        sql`${idempotencyKeys.createdAt} > now() - interval '24 hours'`,
      ),
    );
  return row ? { requestHash: row.requestHash, status: row.responseStatus, body: row.responseBody ?? '' } : null;
}

/** Drops stored answers older than 24 hours. */
export async function pruneIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - interval '24 hours'`);
}
