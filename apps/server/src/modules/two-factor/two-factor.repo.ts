import { and, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { loginChallenges, type UserTotpRow, userRecoveryCodes, userTotp } from './two-factor.tables.js';

// Queries only: the rules are in two-factor.service.ts.

export async function findTotp(db: DbOrTx, userId: number): Promise<UserTotpRow | undefined> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  return row;
}

export async function enabledUserIds(db: DbOrTx, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(inArray(userTotp.userId, [...userIds]), eq(userTotp.status, 'enabled')));
  return new Set(rows.map((r) => r.userId));
}

/** A new pending secret, replacing a pending one; an enabled row is never touched here. */
export async function savePendingSecret(db: DbOrTx, userId: number, secretCiphertext: string): Promise<boolean> {
  const rows = await db
    .insert(userTotp)
    .values({ userId, secretCiphertext, status: 'pending' })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretCiphertext, createdAt: sql`now()`, lastStep: null },
      setWhere: eq(userTotp.status, 'pending'),
    })
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

/** Turns the pending secret the user confirmed on (the very one: a setup restarted meanwhile wins). */
export async function enablePending(db: DbOrTx, userId: number, secretCiphertext: string, step: number) {
  const rows = await db
    .update(userTotp)
    .set({ status: 'enabled', lastStep: step, enabledAt: sql`now()` })
    .where(
      and(eq(userTotp.userId, userId), eq(userTotp.status, 'pending'), eq(userTotp.secretCiphertext, secretCiphertext)),
    )
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

/**
 * Takes a time step: one statement, true only when it is later than the last step taken. Of two
 * transactions taking the same step, the second waits on the row and then finds it taken.
 */
export async function takeStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ lastStep: step })
    .where(
      and(
        eq(userTotp.userId, userId),
        eq(userTotp.status, 'enabled'),
        or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

export async function deleteTotp(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ userId: userTotp.userId });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: number, codeHashes: readonly string[]): Promise<void> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  if (codeHashes.length)
    await db.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function findRecoveryCode(db: DbOrTx, userId: number, codeHash: string) {
  const [row] = await db
    .select()
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), eq(userRecoveryCodes.codeHash, codeHash)));
  return row;
}

/** Uses a recovery code: true only for the first use. */
export async function useRecoveryCode(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userRecoveryCodes.id, id), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** A new challenge; the user's spent and expired ones go at the same time (they are worth nothing). */
export async function insertChallenge(db: DbOrTx, userId: number, tokenHash: string, ttlMs: number): Promise<Date> {
  await db
    .delete(loginChallenges)
    .where(
      and(
        eq(loginChallenges.userId, userId),
        or(sql`${loginChallenges.usedAt} IS NOT NULL`, lt(loginChallenges.expiresAt, sql`now()`)),
      ),
    );
  const [row] = await db
    .insert(loginChallenges)
    .values({ userId, tokenHash, expiresAt: sql`now() + make_interval(secs => ${ttlMs / 1000})` })
    .returning({ expiresAt: loginChallenges.expiresAt });
  return row!.expiresAt;
}

export async function findLiveChallenge(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, tokenHash),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/** Redeems a challenge: true only once, and only before it expires. */
export async function useChallenge(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, sql`now()`)))
    .returning({ id: loginChallenges.id });
  return rows.length > 0;
}

export async function deleteUserChallenges(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}
