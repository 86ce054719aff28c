import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DomainEvents } from '../../domain-events.js';
import { ok } from '../../http/envelope.js';

/**
 * Announcements and help pages are read on every home visit and change rarely: each process keeps
 * the answers for a few seconds, and answers carry an ETag so a client that has them gets a 304.
 * Back-office writes in this process clear it (the app's contentChanged event); other processes
 * catch up within TTL_MS.
 */
const TTL_MS = 5_000;
const ENTRIES_MAX = 500;

interface Entry {
  at: number;
  value: unknown;
  etag: string;
}

export interface PublicReadCache {
  read<T>(key: string, load: () => Promise<T>): Promise<{ value: T; etag: string }>;
  clear(): void;
}

function createPublicReadCache(): PublicReadCache {
  const entries = new Map<string, Entry>();
  return {
    async read<T>(key: string, load: () => Promise<T>) {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < TTL_MS) return { value: hit.value as T, etag: hit.etag };
      // Failures (a missing notice) throw here and are not kept.
      const value = await load();
      const etag = `"${createHash('sha1').update(JSON.stringify(value)).digest('base64url')}"`;
      if (entries.size >= ENTRIES_MAX) entries.clear();
      entries.set(key, { at: Date.now(), value, etag });
      return { value, etag };
    },
    clear: () => entries.clear(),
  };
}

/**
 * The cache of one routes plugin, for as long as its app lives: cleared when the app tells that an
 * operator changed the content (in this process; others catch up within TTL_MS).
 */
export function publicReadCacheFor(app: FastifyInstance, events: DomainEvents): PublicReadCache {
  const cache = createPublicReadCache();
  const clear = () => cache.clear();
  events.on('contentChanged', clear);
  app.addHook('onClose', async () => void events.off('contentChanged', clear));
  return cache;
}

/** Sends a cached public answer, or 304 when the client already holds this version. */
export async function sendCached<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: PublicReadCache,
  key: string,
  load: () => Promise<T>,
) {
  const { value, etag } = await cache.read(`${request.lang}:${key}`, load);
  // The envelope's `msg` depends on the language too, so the tag does.
  const tag = `${etag.slice(0, -1)}-${request.lang}"`;
  reply.header('etag', tag).header('cache-control', 'no-cache').header('vary', 'Accept-Language');
  if (request.headers['if-none-match'] === tag) return reply.status(304).send(null);
  return reply.send(ok(request, value));
}
