import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** How many wrong secrets in what window lock an account, and for how long. */
export interface FailureRule {
  windowMs: number;
  maxFailures: number;
  lockMs: number;
}

/** The three columns of one failure counter (users have two: login and payment password; admins one). */
export interface FailureColumns {
  count: AnyColumn;
  since: AnyColumn;
  lockedUntil: AnyColumn;
}

/**
 * The SET of one UPDATE that counts a failure, so parallel attempts cannot slip past the limit: the
 * window restarts when it is older than `windowMs`; at `maxFailures` the account locks and the count
 * starts again. A lock already set is kept, never shortened.
 */
export function countFailureSet(c: FailureColumns, rule: FailureRule): Record<string, SQL> {
  const windowStart = sql`now() - make_interval(secs => ${rule.windowMs / 1000})`;
  const fresh = sql`(${c.since} IS NULL OR ${c.since} < ${windowStart})`;
  const failures = sql`CASE WHEN ${fresh} THEN 1 ELSE ${c.count} + 1 END`;
  const locks = sql`${failures} >= ${rule.maxFailures}`;
  const lockEnd = sql`now() + make_interval(secs => ${rule.lockMs / 1000})`;
  return {
    count: sql`CASE WHEN ${locks} THEN 0 ELSE ${failures} END`,
    since: sql`CASE WHEN ${locks} THEN NULL WHEN ${fresh} THEN now() ELSE ${c.since} END`,
    lockedUntil: sql`CASE WHEN ${locks} THEN greatest(${c.lockedUntil}, ${lockEnd}) ELSE ${c.lockedUntil} END`,
  };
}

/**
 * The condition of a success: the account is not locked at this moment. A success that read the
 * account before parallel failures locked it must not get in, nor clear the lock they earned.
 */
export function isUnlocked(c: FailureColumns): SQL {
  return sql`(${c.lockedUntil} IS NULL OR ${c.lockedUntil} <= now())`;
}

/** A lock time as the caller reports it: only one still in the future counts. */
export function activeLock(lockedUntil: Date | null | undefined): Date | null {
  return lockedUntil && lockedUntil.getTime() > Date.now() ? lockedUntil : null;
}
