import { and, count, desc, eq, gt, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type UserRow, userSessions, users } from './users.tables.js';

/** Drizzle queries of the users module: no rules, no HTTP. */

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${login})`, eq(users.phone, login)))
    .orderBy(users.id)
    .limit(1);
  return row;
}

export async function isUsernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row !== undefined;
}

export async function isPhoneTaken(db: DbOrTx, phone: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  return row !== undefined;
}

export async function findUserIdByInviteCode(db: DbOrTx, code: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code.toUpperCase())).limit(1);
  return row?.id;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: DbOrTx, id: number, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row!;
}

/** The columns of one failure counter: login passwords and payment passwords each have one. */
const FAILURE_COUNTERS = {
  login: { count: 'loginFailures', since: 'loginFailuresSince', lockedUntil: 'lockedUntil' },
  pay: { count: 'payFailures', since: 'payFailuresSince', lockedUntil: 'payLockedUntil' },
} as const;

export interface FailureRule {
  windowMs: number;
  maxFailures: number;
  lockMs: number;
}

/**
 * Counts a failed password in one statement, so parallel attempts cannot slip past the limit: the
 * window restarts when it is older than `windowMs`, and the counter locks at `maxFailures`.
 */
export async function recordFailure(
  db: DbOrTx,
  id: number,
  counter: keyof typeof FAILURE_COUNTERS,
  rule: FailureRule,
): Promise<{ lockedUntil: Date | null }> {
  const c = FAILURE_COUNTERS[counter];
  const [count, since, locked] = [users[c.count], users[c.since], users[c.lockedUntil]];
  const windowStart = sql`now() - make_interval(secs => ${rule.windowMs / 1000})`;
  const fresh = sql`(${since} IS NULL OR ${since} < ${windowStart})`;
  const failures = sql`CASE WHEN ${fresh} THEN 1 ELSE ${count} + 1 END`;
  const locks = sql`${failures} >= ${rule.maxFailures}`;
  const [row] = await db
    .update(users)
    .set({
      [c.count]: sql`CASE WHEN ${locks} THEN 0 ELSE ${failures} END`,
      [c.since]: sql`CASE WHEN ${locks} THEN NULL WHEN ${fresh} THEN now() ELSE ${since} END`,
      [c.lockedUntil]: sql`CASE WHEN ${locks} THEN now() + make_interval(secs => ${rule.lockMs / 1000}) ELSE ${locked} END`,
    })
    .where(eq(users.id, id))
    .returning({ lockedUntil: locked });
  const lockedUntil = row?.lockedUntil ?? null;
  return { lockedUntil: lockedUntil && lockedUntil.getTime() > Date.now() ? lockedUntil : null };
}

export async function clearPayFailures(db: DbOrTx, id: number): Promise<void> {
  await db.update(users).set({ payFailures: 0, payFailuresSince: null }).where(eq(users.id, id));
}

export async function recordLoginSuccess(db: DbOrTx, id: number, ip: string): Promise<void> {
  await db
    .update(users)
    .set({ loginFailures: 0, loginFailuresSince: null, lockedUntil: null, lastLoginAt: sql`now()`, lastLoginIp: ip })
    .where(eq(users.id, id));
}

export async function listUsers(
  db: DbOrTx,
  filter: { q?: string; status?: 'active' | 'disabled' },
  page: { page: number; pageSize: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.username, like), ilike(users.phone, like), ilike(users.inviteCode, like))!);
  }
  if (filter.status) conditions.push(eq(users.status, filter.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

// Sessions

export async function insertSession(
  db: DbOrTx,
  values: { userId: number; tokenHash: string; ip: string; userAgent: string | null },
): Promise<void> {
  await db.insert(userSessions).values(values);
}

/** The live session for a token hash with its user, or nothing when revoked or idle too long. */
export async function findLiveSession(db: DbOrTx, tokenHash: string, idleMs: number) {
  const [row] = await db
    .select({ session: userSessions, user: users })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.tokenHash, tokenHash),
        isNull(userSessions.revokedAt),
        gt(userSessions.lastSeenAt, sql`now() - make_interval(secs => ${idleMs / 1000})`),
      ),
    )
    .limit(1);
  return row;
}

export async function touchSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db.update(userSessions).set({ lastSeenAt: sql`now()` }).where(eq(userSessions.id, sessionId));
}

export async function revokeSession(db: DbOrTx, sessionId: number): Promise<void> {
  await db
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: DbOrTx, userId: number, keepSessionId?: number): Promise<void> {
  const conditions = [eq(userSessions.userId, userId), isNull(userSessions.revokedAt)];
  if (keepSessionId !== undefined) conditions.push(ne(userSessions.id, keepSessionId));
  await db
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions));
}

export async function usernamesByIds(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.username]));
}
