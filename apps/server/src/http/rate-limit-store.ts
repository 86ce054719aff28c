import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis, RedisOptions } from 'ioredis';
import type { RedisOutageLog } from '../lib/redis-outage-log.js';

/**
 * Rate limits in Redis (shared by every process) that keep working while Redis is away: each count
 * goes to the plugin's own RedisStore when the connection is ready and to its LocalStore (this
 * process only) when it is not, or when the Redis call fails. A request never fails for Redis.
 */

/**
 * Options for the rate-limit client, so that a call to a dead or hung Redis fails at once or within
 * half a second instead of holding the request: no queue while disconnected, one retry at most, and
 * a time limit per command. ioredis keeps reconnecting in the background.
 */
export const RATE_LIMIT_REDIS_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: 500,
};

export const REDIS_OUTAGE_MESSAGES = {
  down: 'redis unavailable: rate limits use in-process counters until it returns',
  stillDown: 'redis still unavailable',
  up: 'redis available again: rate limits are shared again',
} as const;

// The plugin's stores are CommonJS files without type declarations; this is the part used here.
type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type StoreMethod = (key: string, callback: StoreCallback, timeWindow: number, max: number) => void;
interface PluginStore {
  incr: StoreMethod;
  read: StoreMethod;
  child(routeOptions: StoreParams): PluginStore;
}
/** What the plugin passes to `new Store(...)` and `store.child(...)` (merged global and route options). */
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
}

const requireCjs = createRequire(import.meta.url);
const RedisStore = requireCjs('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => PluginStore;
const LocalStore = requireCjs('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  cache?: number,
) => PluginStore;

/** The `store` option of @fastify/rate-limit: Redis under `nameSpace` while it works, else local. */
export function fallbackRateLimitStore(
  redis: Redis,
  nameSpace: string,
  outage: RedisOutageLog,
): FastifyRateLimitStoreCtor {
  class FallbackStore implements FastifyRateLimitStore {
    private readonly remote: PluginStore;
    private readonly local: PluginStore;

    // The plugin calls `new Store(globalParams)`; `child` builds route stores from the two parents.
    constructor(params: StoreParams, parents?: { remote: PluginStore; local: PluginStore }) {
      this.remote =
        parents?.remote ?? new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace);
      this.local = parents?.local ?? new LocalStore(params.continueExceeding, params.exponentialBackoff, params.cache);
    }

    incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
      this.count('incr', key, callback, timeWindow, max);
    }

    read(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
      this.count('read', key, callback, timeWindow, max);
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0] & StoreParams): FastifyRateLimitStore {
      return new FallbackStore(routeOptions, {
        remote: this.remote.child(routeOptions),
        local: this.local.child(routeOptions),
      });
    }

    private count(method: 'incr' | 'read', key: string, callback: StoreCallback, timeWindow: number, max: number) {
      // Not connected (reconnecting, or not yet connected): don't even try, answer locally.
      if (redis.status !== 'ready') {
        outage.down();
        this.local[method](key, callback, timeWindow, max);
        return;
      }
      this.remote[method](
        key,
        (error, result) => {
          if (!error) {
            outage.up();
            callback(null, result);
            return;
          }
          // Connection lost mid-call, command timeout, or an error from Redis: count locally.
          outage.down(error);
          this.local[method](key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }
  }
  return FallbackStore;
}
