import type { SessionEndRule } from './session-time-limit.js';
import type { UserRow } from './users.tables.js';

/**
 * Signed-in requests are the hot path, so each process keeps what a token resolved to for a few
 * seconds instead of asking the database every time. Changes made through this process drop the
 * user's entries at once; another process sees them within TTL_MS. Keys are SHA-256 hashes of
 * 256-bit random tokens, so one map can serve every app in the process without collisions.
 */
const TTL_MS = 2_000;
const ENTRIES_MAX = 20_000;

export interface CachedSession {
  user: UserRow;
  sessionId: number;
  lastSeenAt: Date;
  /** When the session opened (sign-in): the session time limit counts from it. */
  openedAt: Date;
  /** The user's session time limit (issue 14), null without one: checked on every request, cached or not. */
  endRule: SessionEndRule | null;
}

const entries = new Map<string, { value: CachedSession; expiresAt: number }>();

export function getCachedSession(tokenHash: string): CachedSession | undefined {
  const entry = entries.get(tokenHash);
  if (!entry) return undefined;
  if (entry.expiresAt <= Date.now()) {
    entries.delete(tokenHash);
    return undefined;
  }
  return entry.value;
}

export function cacheSession(tokenHash: string, value: CachedSession): void {
  // A Map iterates in insertion order: dropping the first key evicts the oldest entry.
  if (entries.size >= ENTRIES_MAX) entries.delete(entries.keys().next().value!);
  entries.set(tokenHash, { value, expiresAt: Date.now() + TTL_MS });
}

/**
 * What other capabilities add to a profile (identity status, bound card, balances), kept as long as
 * a session: `user/details` is asked on every screen, while the wallet's own calls read fresh.
 */
const extras = new Map<number, { value: unknown; expiresAt: number }>();

export function getCachedProfileExtras<T>(userId: number): T | undefined {
  const entry = extras.get(userId);
  if (!entry || entry.expiresAt <= Date.now()) return undefined;
  return entry.value as T;
}

export function cacheProfileExtras(userId: number, value: unknown): void {
  if (extras.size >= ENTRIES_MAX) extras.delete(extras.keys().next().value!);
  extras.set(userId, { value, expiresAt: Date.now() + TTL_MS });
}

/**
 * Forgets what this process cached about a user: their sessions and profile extras. Called after
 * any change to the user, their sessions, their identity check, card, addresses or balances.
 */
export function forgetUserSessions(userId: number): void {
  for (const [key, entry] of entries) if (entry.value.user.id === userId) entries.delete(key);
  extras.delete(userId);
}

/** Forgets only the profile extras of a user (their balances changed, their sessions did not). */
export function forgetProfileExtras(userId: number): void {
  extras.delete(userId);
}
