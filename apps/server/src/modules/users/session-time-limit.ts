import type { DbOrTx } from '../../db/client.js';

/**
 * The session time limit a user sets on themselves (issue 14) belongs to responsible-trading, which
 * builds on users; every signed-in request and socket must honour it, so the app wires that module's
 * answer in (AppContext.sessionTimeLimit) and users imports nothing of it.
 */
export interface SessionTimeLimit {
  /**
   * The user's limit as a rule, null without one. Read when a session is read from the database (a
   * session-cache miss, seconds apart per token); the rule rides in the cache and is asked on every
   * request, so a request adds no query.
   */
  ruleFor(db: DbOrTx, userId: number): Promise<SessionEndRule | null>;
}

/** When a session opened at `openedAt` ends, as of `now`; null: it has no end by time. Pure. */
export type SessionEndRule = (openedAt: Date, now: Date) => Date | null;

/** For code that resolves sessions without the app (none of its users has a limit). */
export const NO_SESSION_TIME_LIMIT: SessionTimeLimit = { ruleFor: async () => null };
