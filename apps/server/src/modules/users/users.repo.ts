import { and, count, desc, eq, gt, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import {
  activeLock,
  countFailureSet,
  type FailureColumns,
  type FailureRule,
  isUnlocked,
} from '../../db/failure-counter.js';
import { queryRows } from '../../db/rows.js';
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
const FAILURE_KEYS = {
  login: { count: 'loginFailures', since: 'loginFailuresSince', lockedUntil: 'lockedUntil' },
  pay: { count: 'payFailures', since: 'payFailuresSince', lockedUntil: 'payLockedUntil' },
} as const;

function failureColumns(counter: keyof typeof FAILURE_KEYS): FailureColumns {
  const k = FAILURE_KEYS[counter];
  return { count: users[k.count], since: users[k.since], lockedUntil: users[k.lockedUntil] };
}

/** Counts a failed password in one statement (see countFailureSet); answers the lock, if one is on. */
export async function recordFailure(
  db: DbOrTx,
  id: number,
  counter: keyof typeof FAILURE_KEYS,
  rule: FailureRule,
): Promise<{ lockedUntil: Date | null }> {
  const k = FAILURE_KEYS[counter];
  const set = countFailureSet(failureColumns(counter), rule);
  const [row] = await db
    .update(users)
    .set({ [k.count]: set.count, [k.since]: set.since, [k.lockedUntil]: set.lockedUntil })
    .where(eq(users.id, id))
    .returning({ lockedUntil: users[k.lockedUntil] });
  return { lockedUntil: activeLock(row?.lockedUntil) };
}

/**
 * A right payment password: the failures start again, unless parallel failures locked the account
 * meanwhile (then false, and the lock stands).
 */
export async function recordPaySuccess(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ payFailures: 0, payFailuresSince: null })
    .where(and(eq(users.id, id), isUnlocked(failureColumns('pay'))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A right login password: as recordPaySuccess, and the login is remembered. */
export async function recordLoginSuccess(db: DbOrTx, id: number, ip: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ loginFailures: 0, loginFailuresSince: null, lastLoginAt: sql`now()`, lastLoginIp: ip })
    .where(and(eq(users.id, id), isUnlocked(failureColumns('login'))))
    .returning({ id: users.id });
  return rows.length > 0;
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

// Referral levels: the referral module decides them, they are stored here (`users.level`).

/**
 * Locks a user's row until the transaction ends: two level changes of one user made at once then
 * happen one after the other.
 */
export async function lockUserRow(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM users WHERE id = ${id} FOR NO KEY UPDATE`);
}

export async function setLevel(tx: Tx, id: number, level: number): Promise<void> {
  await tx.execute(sql`UPDATE users SET level = ${level} WHERE id = ${id} AND level <> ${level}`);
}

/**
 * Sets the level of every user `targets` lists (a query answering `id, level` rows) in one statement,
 * where it differs. Answers the users whose level moved.
 */
export async function setLevels(tx: Tx, targets: SQL): Promise<number[]> {
  const rows = await queryRows<{ id: string | number }>(
    tx,
    sql`WITH target AS (${targets})
      UPDATE users SET level = target.level FROM target
      WHERE users.id = target.id AND users.level <> target.level
      RETURNING users.id`,
  );
  return rows.map((r) => Number(r.id));
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

/** Every user's id, ascending (the proof of liabilities gives each a leaf). */
export async function allUserIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).orderBy(users.id);
  return rows.map((r) => r.id);
}
