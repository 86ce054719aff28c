import { and, count, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type UserLoginAttemptRow, userLoginAttempts, userSessions } from './users.tables.js';

/** Drizzle queries of sessions and login history (issue 14): no rules, no HTTP. */

const SESSIONS_LISTED_MAX = 100;

/** A user's live sessions (not revoked, used within `idleMs`), the most recently used first. */
export async function listLiveSessions(db: DbOrTx, userId: number, idleMs: number) {
  return db
    .select()
    .from(userSessions)
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.revokedAt),
        gt(userSessions.lastSeenAt, sql`now() - make_interval(secs => ${idleMs / 1000})`),
      ),
    )
    .orderBy(desc(userSessions.lastSeenAt), desc(userSessions.id))
    .limit(SESSIONS_LISTED_MAX);
}

/** Ends one live session of the user; false when there is none by that id (ended, or not theirs). */
export async function revokeUserSession(db: DbOrTx, userId: number, sessionId: number): Promise<boolean> {
  const rows = await db
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  return rows.length > 0;
}

/** Ends every live session of the user but `keepSessionId` (when given); answers how many ended. */
export async function revokeSessionsExcept(db: DbOrTx, userId: number, keepSessionId?: number): Promise<number> {
  const conditions = [eq(userSessions.userId, userId), isNull(userSessions.revokedAt)];
  if (keepSessionId !== undefined) conditions.push(ne(userSessions.id, keepSessionId));
  const rows = await db
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions))
    .returning({ id: userSessions.id });
  return rows.length;
}

export async function findSessionIdByTokenHash(db: DbOrTx, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(eq(userSessions.tokenHash, tokenHash))
    .limit(1);
  return row?.id;
}

/** The user agents of the user's earlier sessions (newest first, bounded), for "a new device?". */
export async function recentUserAgents(
  db: DbOrTx,
  userId: number,
  exceptSessionId: number,
): Promise<(string | null)[]> {
  const rows = await db
    .select({ userAgent: userSessions.userAgent })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), ne(userSessions.id, exceptSessionId)))
    .orderBy(desc(userSessions.id))
    .limit(200);
  return rows.map((r) => r.userAgent);
}

export async function insertLoginAttempt(db: DbOrTx, values: typeof userLoginAttempts.$inferInsert): Promise<void> {
  await db.insert(userLoginAttempts).values(values);
}

export async function listLoginAttempts(
  db: DbOrTx,
  userId: number,
  since: Date,
  page: { page: number; pageSize: number },
): Promise<{ rows: UserLoginAttemptRow[]; total: number }> {
  const where = and(eq(userLoginAttempts.userId, userId), gt(userLoginAttempts.at, since));
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(userLoginAttempts)
      .where(where)
      .orderBy(desc(userLoginAttempts.at), desc(userLoginAttempts.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(userLoginAttempts).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/** Deletes attempts older than `before`, at most `limit` rows a call (a long backlog goes in bites). */
export async function deleteLoginAttemptsBefore(db: DbOrTx, before: Date, limit: number): Promise<number> {
  const rows = await db
    .delete(userLoginAttempts)
    .where(
      sql`${userLoginAttempts.id} IN (SELECT id FROM ${userLoginAttempts} WHERE ${lt(userLoginAttempts.at, before)} LIMIT ${limit})`,
    )
    .returning({ id: userLoginAttempts.id });
  return rows.length;
}
