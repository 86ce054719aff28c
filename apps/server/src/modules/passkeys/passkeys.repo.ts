import { and, asc, count, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type PasskeyChallengeRow, passkeyChallenges, type UserPasskeyRow, userPasskeys } from './passkeys.tables.js';

// Queries only: the rules are in passkeys.service.ts.

export async function listPasskeys(db: DbOrTx, userId: number): Promise<UserPasskeyRow[]> {
  return db.select().from(userPasskeys).where(eq(userPasskeys.userId, userId)).orderBy(asc(userPasskeys.id));
}

export async function countPasskeys(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.userId, userId));
  return row?.n ?? 0;
}

/** The number of passkeys of each user asked (users without one are absent). */
export async function countPasskeysOf(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: userPasskeys.userId, n: count() })
    .from(userPasskeys)
    .where(inArray(userPasskeys.userId, [...userIds]))
    .groupBy(userPasskeys.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

export async function findByCredentialId(db: DbOrTx, credentialId: string): Promise<UserPasskeyRow | undefined> {
  const [row] = await db.select().from(userPasskeys).where(eq(userPasskeys.credentialId, credentialId));
  return row;
}

export async function insertPasskey(db: DbOrTx, values: typeof userPasskeys.$inferInsert): Promise<UserPasskeyRow> {
  const [row] = await db.insert(userPasskeys).values(values).returning();
  if (!row) throw new Error('passkey insert returned nothing');
  return row;
}

export async function renamePasskey(db: DbOrTx, userId: number, id: number, name: string): Promise<boolean> {
  const rows = await db
    .update(userPasskeys)
    .set({ name })
    .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, userId)))
    .returning({ id: userPasskeys.id });
  return rows.length > 0;
}

export async function deletePasskey(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, userId)))
    .returning({ id: userPasskeys.id });
  return rows.length > 0;
}

/**
 * Takes a use of the passkey: one statement, true only when the authenticator's counter moved on
 * (or the authenticator keeps none: 0 then and 0 now). Of two transactions with the same answer,
 * the second waits on the row and then finds the counter taken.
 */
export async function takeCounter(db: DbOrTx, id: number, newCounter: number): Promise<boolean> {
  const rows = await db
    .update(userPasskeys)
    .set({ counter: newCounter, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(userPasskeys.id, id),
        newCounter === 0 ? eq(userPasskeys.counter, 0) : lt(userPasskeys.counter, newCounter),
      ),
    )
    .returning({ id: userPasskeys.id });
  return rows.length > 0;
}

export async function insertChallenge(
  db: DbOrTx,
  values: Omit<typeof passkeyChallenges.$inferInsert, 'expiresAt'>,
  ttlMs: number,
): Promise<void> {
  // Expiry from the caller's clock, as the TOTP's login challenges (tests drive it).
  await db.insert(passkeyChallenges).values({ ...values, expiresAt: new Date(Date.now() + ttlMs) });
  // The expired ones are of no use to anyone: a few are cleared with each new one.
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date(Date.now() - ttlMs)));
}

/** A challenge of that purpose not yet expired (used or not: taking it says whether it is still free). */
export async function findChallenge(
  db: DbOrTx,
  challengeHash: string,
  purpose: PasskeyChallengeRow['purpose'],
): Promise<PasskeyChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challengeHash, challengeHash),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, new Date()),
      ),
    );
  return row;
}

/** Redeems a challenge: true for the one caller that finds it unused and unexpired. */
export async function useChallenge(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(passkeyChallenges)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(passkeyChallenges.id, id), isNull(passkeyChallenges.usedAt), gt(passkeyChallenges.expiresAt, new Date())),
    )
    .returning({ id: passkeyChallenges.id });
  return rows.length > 0;
}

export async function deleteUserChallenges(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(passkeyChallenges).where(eq(passkeyChallenges.userId, userId));
}
